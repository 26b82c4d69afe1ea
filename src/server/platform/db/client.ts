import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openReadReplica, type ReadReplica, type ReplicaState } from './replica.ts';
import * as schema from './schema.ts';
import type { Db } from './db.ts';

export type { Db } from './db.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** One open database: the Drizzle handle plus what the app needs around it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Receives NOTIFY payloads on `channel` (sent with `pg_notify`, delivered on commit).
   * `onReconnect` runs after a lost listening connection is back: events may have been missed.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * The handle for reads that tolerate a little lag: the read replica when one is configured
   * and usable (and has replayed `minLsn`, a write this reader must see), else the primary.
   */
  read(minLsn?: string | null): Db;
  /** The read replica, when DATABASE_READ_URL names one. */
  replica: ReadReplica | null;
  /**
   * The primary pool's load: connections checked out, the pool's size and the queries
   * waiting for a connection (null on PGlite, which has one connection and no queue).
   */
  pressure(): { busy: number; size: number; waiting: number } | null;
  /** The primary's current WAL position (only with a replica: for read-your-writes). */
  writePosition(): Promise<string | null>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A streaming replica of the same database for lag-tolerant reads. */
  readUrl?: string;
  onReplicaChange?: (state: ReplicaState, reason: string) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

/**
 * Opens the database named by `url` and applies pending migrations:
 * `postgres://…` a PostgreSQL server; `memory://` an in-memory PGlite; anything else
 * a directory for a persistent PGlite.
 */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  return openPglite(url);
}

async function openPglite(url: string): Promise<Database> {
  const dataDir = url === 'memory://' ? undefined : url;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    read: () => db as unknown as Db,
    replica: null,
    pressure: () => null,
    writePosition: async () => null,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Connections per instance to the primary. */
export const POOL_SIZE = 10;

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 1500,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  await migrateOnce(pool, () => migratePg(db, { migrationsFolder }));
  const listeners: (() => Promise<void>)[] = [];
  const replica = options.readUrl
    ? openReadReplica(options.readUrl, pool, options.onReplicaChange ?? (() => {}))
    : null;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    read: (minLsn) => (replica?.usable(minLsn) ? replica.db : (db as unknown as Db)),
    replica,
    pressure: () => ({
      busy: pool.totalCount - pool.idleCount,
      size: POOL_SIZE,
      waiting: pool.waitingCount,
    }),
    writePosition: async () => {
      if (!replica) return null;
      const { rows } = await pool.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      return rows[0]?.lsn ?? null;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onMessage, onReconnect) => {
      const stop = await listenWithReconnect(url, channel, onMessage, onReconnect);
      listeners.push(stop);
      return stop;
    },
    close: async () => {
      await Promise.all(listeners.map((stop) => stop()));
      await replica?.close();
      await pool.end();
    },
  };
}

/** Any fixed number: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_245_110_001;

/**
 * Several instances starting together against one server apply the migrations once: each
 * takes a session-level advisory lock first, so the others wait, then find nothing to do.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

const RECONNECT_MS = 1000;

/**
 * A dedicated connection that LISTENs on one channel and comes back by itself after the
 * server goes away (each return is reported, since notifications sent meanwhile are lost).
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const retry = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.removeAllListeners('error');
      next.on('error', () => {});
      void next.end().catch(() => {});
      timer = setTimeout(() => void connect(true).catch(() => retry()), RECONNECT_MS);
    };
    next.on('error', retry);
    next.on('end', retry);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      if (!isReconnect) {
        client = undefined;
        await next.end().catch(() => {});
        throw error;
      }
      retry();
      return;
    }
    if (isReconnect) onReconnect?.();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
