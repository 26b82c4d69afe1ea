import type { FastifyInstance } from 'fastify';

/** How long no request may have been running before the server closes. */
const QUIET_MS = 300;
/** The drain gives up this long before the hard deadline, so closing still fits in it. */
const CLOSE_RESERVE_MS = 2000;

/**
 * Graceful shutdown that loses no request. Closing an HTTP server drops connections it
 * thinks idle, and that includes one whose request bytes arrived while the event loop was
 * busy (hashing a password, say) and have not been read yet. So first drain: answer with
 * `Connection: close`, report not ready, and wait until no request has been running for a
 * quiet moment; only then stop listening and close the database.
 */
export function gracefulShutdown(app: FastifyInstance, deadlineMs: number) {
  let inFlight = 0;
  app.server.on('request', (_request, response) => {
    inFlight++;
    if (app.lifecycle.draining) response.setHeader('connection', 'close');
    response.once('close', () => inFlight--);
  });

  return async function shutdown(): Promise<void> {
    app.lifecycle.draining = true;
    // Event streams never finish by themselves: end them, clients reconnect elsewhere.
    for (const stream of app.lifecycle.streams) stream.close();
    const giveUpAt = Date.now() + deadlineMs - CLOSE_RESERVE_MS;
    let quietSince = Date.now();
    while (Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) break;
    }
    await app.close();
  };
}
