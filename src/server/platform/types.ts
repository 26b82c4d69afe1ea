import type { Auth } from './auth/auth.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { EventStream } from './events/sse.ts';
import type { StreamHub } from './events/stream-hub.ts';
import type { StreamLimits } from './events/stream-limits.ts';
import type { Feature } from './feature.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The database for reads that tolerate a little lag (the read replica when usable). */
    readDb(): Db;
    /**
     * The caller wrote within the last minute and a read replica is in use: answers kept for
     * everyone may not hold their write yet, so their reads go past them.
     */
    wroteRecently(): boolean;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    /**
     * `draining` is set while the server drains before shutting down (readiness then says
     * no); `streams` are this instance's open event streams, `streamLimits` shares their
     * limits with the other instances.
     */
    lifecycle: { draining: boolean; streams: Set<EventStream>; streamLimits: StreamLimits };
    events: EventBus;
    /** Sessions this instance read lately (auth/session-cache.ts). */
    sessions: SessionCache;
    /** The mail outbox's worker in this instance: `drain()` sends what is due now. */
    mail: { drain(): Promise<void> };
    /** The features this app was built with (features/index.ts), each declaring its faces. */
    features: readonly Feature[];
    /** The open event streams of this instance, fed by the features' declared feeds. */
    streams: StreamHub;
  }
}
