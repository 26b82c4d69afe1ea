import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { sendOverloaded } from '../http/overload.ts';
import { routeOptions } from '../http/route-options.ts';

const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', routeOptions('public', 'health', 'The process is up', {}), async () => ({
    status: 'ok',
  }));

  const ready = routeOptions(
    'public',
    'health',
    'The process can serve: the database answers within two seconds',
    {},
  );
  app.get('/api/ready', ready, async (_request, reply) => {
    if (app.lifecycle.draining)
      throw new HttpError(503, 'The server is shutting down.', 'NOT_READY');
    // Every connection busy with a queue behind: a ping would wait its turn and read as an
    // outage. Say "overloaded" at once (the load balancer may send less here meanwhile).
    if (app.pressure().reason === 'pool') return sendOverloaded(reply, 'The server is overloaded.');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new HttpError(503, 'The database is not answering.', 'NOT_READY');
    } finally {
      clearTimeout(timer);
    }
    const replica = app.database.replica?.state();
    return { status: 'ready', database: app.database.kind, ...(replica ? { replica } : {}) };
  });
}
