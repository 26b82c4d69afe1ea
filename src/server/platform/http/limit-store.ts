import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

type Counted = { current: number; ttl: number };

/**
 * A count that can be given back: `take` adds one and says whether that stays within
 * `max`, in one step (requests racing each other each see their own count); `giveBack`
 * takes one off again. A store that cannot be reached lets the request through.
 */
export interface Counter {
  take(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; ttlMs: number }>;
  giveBack(key: string): Promise<void>;
}
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
): Promise<
  Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'> & { kind: string; counter: Counter }
> {
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
    return {
      kind: 'redis',
      redis,
      nameSpace: 'taskbid-limit:',
      counter: redisCounter(redis, 'taskbid-count:'),
    };
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
    return { kind: 'postgres', store: postgresStore(db), counter: postgresCounter(db, 'count:') };
  }
  return { kind: 'memory', counter: memoryCounter() };
}

/** Counts in this process (a single PGlite instance). */
function memoryCounter(): Counter {
  const counts = new Map<string, { hits: number; resetAt: number }>();
  return {
    async take(key, max, windowMs) {
      const now = Date.now();
      if (counts.size > 10_000) for (const [k, c] of counts) if (c.resetAt <= now) counts.delete(k);
      let count = counts.get(key);
      if (!count || count.resetAt <= now) {
        count = { hits: 0, resetAt: now + windowMs };
        counts.set(key, count);
      }
      count.hits += 1;
      return { allowed: count.hits <= max, ttlMs: count.resetAt - now };
    },
    async giveBack(key) {
      const count = counts.get(key);
      if (count && count.resetAt > Date.now() && count.hits > 0) count.hits -= 1;
    },
  };
}

/** Counts in Redis: one script each, so a count and its expiry are set together. */
function redisCounter(redis: Redis, prefix: string): Counter {
  const TAKE = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;
  const GIVE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end`;
  return {
    async take(key, max, windowMs) {
      try {
        const [hits, ttl] = (await redis.eval(TAKE, 1, prefix + key, windowMs)) as [number, number];
        return { allowed: hits <= max, ttlMs: Math.max(0, ttl) };
      } catch {
        return { allowed: true, ttlMs: 0 };
      }
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key).catch(() => undefined);
    },
  };
}

/** Counts in the `rate_limits` table: one upsert to take, one update to give back. */
function postgresCounter(db: Db, prefix: string): Counter {
  return {
    async take(key, max, windowMs) {
      try {
        const row = await countOne(db, prefix + key, windowMs);
        return { allowed: (row?.hits ?? 0) <= max, ttlMs: Number(row?.ttl ?? 0) };
      } catch {
        return { allowed: true, ttlMs: 0 };
      }
    },
    async giveBack(key) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${prefix + key} and ${rateLimits.resetAt} > now()`)
        .catch(() => undefined);
    },
  };
}

/** A store for @fastify/rate-limit on the `rate_limits` table: one upsert per count. */
function postgresStore(db: Db) {
  return class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number) {
      countOne(db, this.prefix + key, timeWindow).then((row) => done(null, counted(row)), done);
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

/** One more hit on `key` in the `rate_limits` table (a new window once the last one is over). */
async function countOne(db: Db, key: string, windowMs: number) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, ttl: ttlMs() });
  return row;
}

function ttlMs() {
  return sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`;
}

function counted(row: { hits: number; ttl: number } | undefined): Counted {
  return row ? { current: row.hits, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}
