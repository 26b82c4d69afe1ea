import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorBody } from '../../../shared/errors.ts';

/**
 * Queries waiting for a database connection, per connection, beyond which requests are
 * turned away: 100 for the pool of 10, so 50 busy clients are served and 500 are not left
 * queueing for seconds.
 */
export const WAITING_PER_CONNECTION = 10;
/** Event-loop delay (p99 over the last second) beyond which requests are turned away. */
const MAX_LOOP_DELAY_MS = 1000;
/** Seconds a turned-away client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * New connections the kernel holds while the event loop is busy (it caps this at
 * `net.core.somaxconn`). At Node's default of 511, a burst of new connections overflowed the
 * queue and the kernel dropped their handshakes: those clients tried again 1, 3 and 7 s
 * later, before any hook could answer them.
 */
export const LISTEN_BACKLOG = 4096;
/** Paths that must answer whatever the load: the process's own health and readiness. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready']);

export interface Pressure {
  overloaded: boolean;
  /** Why, when overloaded: the database pool's queue or the event loop. */
  reason: 'pool' | 'event loop' | null;
  waiting: number;
  busy: number;
  loopDelayMs: number;
}

/** The answer to a request the server has no room for: at once, with when to retry. */
export function sendOverloaded(
  reply: FastifyReply,
  message = 'TaskBid is busy right now. Please try again in a moment.',
) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ message, code: 'OVERLOADED' } satisfies ErrorBody);
}

/**
 * Load shedding: a request that would queue behind more than ten waiting queries per pool
 * connection (ten rounds of queries: tens of milliseconds when queries are fast) or arrive while the event loop is more than
 * a second late is answered 503 with `Retry-After` before it reads the session or touches the
 * database, so nobody waits seconds for a connection. Logged (at most once a second) as
 * "overloaded", never as a database outage; `app.pressure()` tells /api/ready and the error
 * handler which of the two they are looking at.
 */
export function registerOverload(app: FastifyInstance) {
  // Measured from ready on (start-up blocks the loop by design), and only on PostgreSQL:
  // PGlite runs its queries on this very loop, so a long query there is not overload.
  const delay = monitorEventLoopDelay({ resolution: 20 });
  let loopDelayMs = 0;
  let sampler: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.database.kind !== 'postgres') return;
    delay.enable();
    sampler = setInterval(() => {
      loopDelayMs = delay.percentile(99) / 1e6;
      delay.reset();
    }, 1000);
    sampler.unref();
  });

  const pressure = (): Pressure => {
    const pool = app.database.pressure();
    const waiting = pool?.waiting ?? 0;
    const busy = pool?.busy ?? 0;
    const reason =
      pool && waiting > pool.size * WAITING_PER_CONNECTION
        ? 'pool'
        : loopDelayMs > MAX_LOOP_DELAY_MS
          ? 'event loop'
          : null;
    return { overloaded: reason !== null, reason, waiting, busy, loopDelayMs };
  };
  app.decorate('pressure', pressure);

  let lastLog = 0;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || ALWAYS_ANSWERED.has(path)) return;
    const now = pressure();
    if (!now.overloaded) return;
    if (Date.now() - lastLog > 1000) {
      lastLog = Date.now();
      request.log.warn(
        { waiting: now.waiting, busy: now.busy, loopDelayMs: Math.round(now.loopDelayMs) },
        `overloaded (${now.reason}): requests turned away with 503`,
      );
    }
    return sendOverloaded(reply);
  });
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    delay.disable();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's load now (see registerOverload). */
    pressure(): Pressure;
  }
}
