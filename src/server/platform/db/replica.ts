import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './db.ts';
import * as schema from './schema.ts';

/** How far (in WAL bytes) the replica may trail the primary and still serve reads. */
export const MAX_REPLICA_LAG_BYTES = 16 * 1024 * 1024;
/** How often both servers are asked for their WAL positions. */
const CHECK_EVERY_MS = 500;
/** A check that takes longer than this counts as the replica not answering. */
const CHECK_TIMEOUT_MS = 400;

export type ReplicaState = 'in use' | 'bypassed';

export interface ReadReplica {
  db: Db;
  /** Reads may go to the replica: it answers, is close behind, and has replayed `minLsn`. */
  usable(minLsn?: string | null): boolean;
  state(): ReplicaState;
  close(): Promise<void>;
}

/** `16/B374D848` → a number that orders like the WAL position. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;
export const isLsn = (value: string) => LSN.test(value);

async function lsnOf(pool: pg.Pool, query: string): Promise<bigint> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      pool.query<{ lsn: string | null }>(query),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    const lsn = result.rows[0]?.lsn;
    if (!lsn) throw new Error('not a streaming replica');
    return lsnValue(lsn);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A streaming replica for reads that tolerate a little lag (browse, categories, public pages).
 * Every half second both servers report their WAL position; the replica serves only while it
 * answers and trails by at most MAX_REPLICA_LAG_BYTES, so one that stops or falls behind is
 * bypassed within a second, and taken back as soon as it has caught up.
 */
export function openReadReplica(
  url: string,
  primary: pg.Pool,
  onChange: (state: ReplicaState, reason: string) => void,
): ReadReplica {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {});
  let healthy = false;
  let replayed = 0n;
  let stopped = false;

  const check = async () => {
    const [ours, theirs] = await Promise.allSettled([
      lsnOf(pool, 'select pg_last_wal_replay_lsn()::text as lsn'),
      lsnOf(primary, 'select pg_current_wal_lsn()::text as lsn'),
    ]);
    let next = false;
    let reason = 'caught up';
    if (ours.status === 'rejected') {
      reason = `not answering (${(ours.reason as Error).message})`;
    } else {
      replayed = ours.value;
      const lag = theirs.status === 'fulfilled' ? theirs.value - ours.value : 0n;
      next = lag <= BigInt(MAX_REPLICA_LAG_BYTES);
      if (!next) reason = `${lag} bytes behind`;
    }
    if (next !== healthy) {
      healthy = next;
      onChange(healthy ? 'in use' : 'bypassed', reason);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    void check().finally(() => {
      if (!stopped) timer = setTimeout(loop, CHECK_EVERY_MS);
    });
  };
  loop();

  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    usable: (minLsn) => healthy && (!minLsn || replayed >= lsnValue(minLsn)),
    state: () => (healthy ? 'in use' : 'bypassed'),
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await pool.end();
    },
  };
}
