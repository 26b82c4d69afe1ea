import type { Auth } from './auth/auth.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { EventStream } from './events/sse.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The database for reads that tolerate a little lag (the read replica when usable). */
    readDb(): Db;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    /** Set while the server drains before shutting down (readiness then says no). */
    lifecycle: { draining: boolean; streams: Set<EventStream> };
    events: EventBus;
    /** Sessions this instance read lately (auth/session-cache.ts). */
    sessions: SessionCache;
    /** The mail outbox's worker in this instance: `drain()` sends what is due now. */
    mail: { drain(): Promise<void> };
  }
}
