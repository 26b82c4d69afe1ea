import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** How often each instance deletes PostgreSQL counters whose window is over. */
const SWEEP_MS = 5 * 60_000;

/**
 * Where rate-limit counters live, so that every instance counts against one limit:
 * Redis when REDIS_URL is set, the PostgreSQL database when there is one, else this
 * process's memory (PGlite serves a single instance).
 */
export async function limitStore(
  app: FastifyInstance,
): Promise<Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'> & { kind: string }> {
  const { config, database } = app;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, {
      // A slow or missing Redis must not hold requests: fail fast (the limiter then lets
      // the request through, see skipOnError) and reconnect in the background.
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable'));
    // Start counting only once connected (or once the first attempt has failed).
    await new Promise((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', resolve);
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    return { kind: 'redis', redis, nameSpace: 'taskbid-limit:' };
  }
  if (database.kind === 'postgres') {
    const db = database.db;
    const sweep = setInterval(() => {
      db.delete(rateLimits)
        .where(lt(rateLimits.resetAt, sql`now()`))
        .catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
    }, SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    return { kind: 'postgres', store: postgresStore(db) };
  }
  return { kind: 'memory' };
}

/** A store for @fastify/rate-limit on the `rate_limits` table: one upsert per count. */
function postgresStore(db: Db) {
  return class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number) {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`;
      db.insert(rateLimits)
        .values({ key: this.prefix + key, hits: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, ttl: ttlMs() })
        .then(([row]) => done(null, counted(row)), done);
    }

    read(key: string, done: Done) {
      db.select({ hits: rateLimits.hits, ttl: ttlMs() })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${this.prefix + key} and ${rateLimits.resetAt} > now()`)
        .then(([row]) => done(null, counted(row)), done);
    }

    child(routeOptions: { path: string; prefix: string; method?: unknown }) {
      return new PostgresStore(
        undefined,
        `${this.prefix}${String(routeOptions.method)}${routeOptions.path}:`,
      );
    }
  };
}

function ttlMs() {
  return sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`;
}

function counted(row: { hits: number; ttl: number } | undefined): Counted {
  return row ? { current: row.hits, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}
