import type { FastifyInstance } from 'fastify';

/** How long no request may have been running before the server closes. */
const QUIET_MS = 300;
/** The drain gives up this long before the hard deadline, so closing still fits in it. */
const CLOSE_RESERVE_MS = 2000;

export interface ShutdownTiming {
  /** The process exits by then, whatever is still running. */
  deadlineMs: number;
  /**
   * How long to go on serving after the signal while saying "not ready", so that a load
   * balancer's health checks take the instance out before it stops listening.
   */
  drainMs: number;
}

/**
 * Graceful shutdown that loses no request, behind a load balancer or not.
 *
 * 1. Drain: `/api/ready` answers 503 and every answer carries `Connection: close`, so the
 *    balancer stops choosing this instance and keeps no connection to it that it could reuse
 *    later; requests that still arrive are served as usual. Event streams end at once, and one
 *    opened now ends straight away, so browsers reconnect (through the balancer, elsewhere).
 * 2. After `drainMs` (none when `drain` is false: no balancer to wait for), wait until no
 *    request has been running for a quiet moment. Closing an HTTP server drops connections it
 *    thinks idle, and that includes one whose request bytes arrived while the event loop was
 *    busy (hashing a password, say) and have not been read yet.
 * 3. Stop listening and close the database, once no request is running (app.ts): past the
 *    deadline the process exits instead, so a request never finds the pool ended under it.
 */
export function gracefulShutdown(app: FastifyInstance, timing: ShutdownTiming) {
  let inFlight = 0;
  app.server.on('request', (_request, response) => {
    inFlight++;
    // Fastify may have answered already (503 while closing): its head is then sent.
    if (app.lifecycle.draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => inFlight--);
  });

  return async function shutdown(options: { drain?: boolean } = {}): Promise<void> {
    app.lifecycle.draining = true;
    for (const stream of app.lifecycle.streams) stream.close();
    const started = Date.now();
    const giveUpAt = started + timing.deadlineMs - CLOSE_RESERVE_MS;
    const serveUntil = started + (options.drain === false ? 0 : timing.drainMs);
    let quietSince = started;
    while (Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (inFlight > 0) quietSince = Date.now();
      else if (Date.now() >= serveUntil && Date.now() - quietSince >= QUIET_MS) break;
    }
    await app.close();
  };
}
