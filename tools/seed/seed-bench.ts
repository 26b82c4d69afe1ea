import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../src/server/platform/db/client.ts';
import { BID_COLUMNS, TASK_COLUMNS, USER_COLUMNS, benchRows } from './seed-bench-rows.ts';
import {
  copyConnection,
  drizzleConnection,
  type SeedConnection,
  type SeedSession,
} from './seed-connection.ts';
import { DEMO_PASSWORD } from '../../src/server/demo/seed-data.ts';
import type { SeedSummary } from '../../src/server/demo/seed.ts';

export interface BenchOptions {
  tasks: number;
  bids: number;
  /** Defaults to one user per 100 tasks (at least 10). */
  users?: number;
  /** Rows per INSERT or COPY; the progress callback runs after each. */
  chunk?: number;
}

export type Progress = (
  phase: 'users' | 'tasks' | 'bids' | 'indexes' | 'vacuum',
  done: number,
  total: number,
) => void;

/** Below this many tasks the indexes are kept up to date row by row; above, rebuilt after. */
const REBUILD_FROM = 10_000;

/**
 * A benchmark data set (rows from `benchRows`): users sharing one password hash
 * (DEMO_PASSWORD), tasks spread over every category, priority, status, budget, deadline and
 * location, and bids by users other than the task's owner.
 *
 * `target` is the app's Drizzle handle (INSERT … SELECT; any database, PGlite too) or a
 * PostgreSQL URL (COPY streamed between two connections of its own: see `copyConnection`).
 * From 10,000 tasks on, the indexes and keys of tasks and bids (and the foreign keys that
 * refer to them) are dropped first and built again at the end, from their definitions in the
 * catalogue. When tasks,
 * bids and every table that refers to them are empty, COPY writes the rows frozen and
 * visible to all (the tables are truncated first, which that needs), so the closing VACUUM
 * has nothing left to do but the statistics.
 * One transaction: an interrupted run leaves nothing behind.
 */
export async function seedBenchmark(
  target: Db | string,
  options: BenchOptions,
  progress: Progress = () => {},
): Promise<SeedSummary> {
  const nTasks = options.tasks;
  const nBids = nTasks > 0 ? options.bids : 0;
  const nUsers = options.users ?? Math.max(10, Math.ceil(nTasks / 100));
  const chunk = options.chunk ?? 100_000;
  const rows = benchRows(randomBytes(4).toString('hex'), nUsers, nTasks, nBids);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const connection: SeedConnection =
    typeof target === 'string' ? await copyConnection(target) : drizzleConnection(target);
  try {
    await connection.transaction(async (session) => {
      progress('users', 0, nUsers);
      const freeze = session.copies && (await emptyAll(session));
      await session.load('"user"', USER_COLUMNS, rows.users(0, nUsers - 1), { freeze: false });
      await session.query(`
        insert into account (id, account_id, provider_id, user_id, password)
        ${rows.accounts(0, nUsers - 1, passwordHash)}`);
      progress('users', nUsers, nUsers);

      const rebuild = nTasks >= REBUILD_FROM ? await dropIndexesAndKeys(session) : [];
      const fill = async (phase: 'tasks' | 'bids', total: number, columns: string[]) => {
        for (let from = 0; from < total; from += chunk) {
          const to = Math.min(total, from + chunk) - 1;
          await session.load(phase, columns, rows[phase](from, to), { freeze });
          progress(phase, to + 1, total);
        }
      };
      await fill('tasks', nTasks, TASK_COLUMNS);
      await fill('bids', nBids, BID_COLUMNS);

      for (const [i, statement] of rebuild.entries()) {
        progress('indexes', i, rebuild.length);
        await session.query(statement);
      }
      if (rebuild.length > 0) progress('indexes', rebuild.length, rebuild.length);
    });

    // Fresh statistics and visibility map: what autovacuum would reach a little later.
    progress('vacuum', 0, 1);
    await connection.run(`vacuum analyze "user", account, tasks, bids`);
    progress('vacuum', 1, 1);
  } finally {
    await connection.close();
  }
  return { users: nUsers, tasks: nTasks, bids: nBids };
}

/**
 * True, after truncating them, when tasks, bids and every table that refers to them (and so
 * on) hold no row: COPY … FREEZE needs tables emptied in its own transaction.
 */
async function emptyAll(session: SeedSession): Promise<boolean> {
  const tables = await session.query<{ name: string }>(`
    with recursive linked(rel) as (
      select 'tasks'::regclass union select 'bids'::regclass
      union select c.conrelid::regclass from pg_constraint c join linked l on c.confrelid = l.rel
        where c.contype = 'f')
    select rel::text as name from linked`);
  const names = tables.map((t) => t.name).join(', ');
  const [any] = await session.query<{ used: boolean }>(
    `select ${tables.map((t) => `exists (select 1 from ${t.name})`).join(' or ')} as used`,
  );
  if (any?.used) return false;
  await session.query(`truncate ${names}`);
  return true;
}

/**
 * Drops the secondary indexes of tasks and bids, their primary keys, and every foreign key
 * from or to either, read from the catalogue; returns the statements that create them again
 * (keys and indexes first, one sorted build each; then one join per foreign key instead of a
 * check per row).
 */
async function dropIndexesAndKeys(session: SeedSession): Promise<string[]> {
  const indexes = await session.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('tasks', 'bids')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  // Foreign keys first: a primary key cannot go while one refers to it.
  const keys = await session.query<{ table: string; name: string; definition: string }>(`
    select c.conrelid::regclass::text as table, quote_ident(c.conname) as name,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c, (values ('tasks'::regclass), ('bids'::regclass)) as t(rel)
    where (c.contype = 'f' and t.rel in (c.conrelid, c.confrelid))
      or (c.contype = 'p' and c.conrelid = t.rel)
    group by c.oid order by c.contype = 'p', c.conname`);
  for (const key of keys)
    await session.query(`alter table ${key.table} drop constraint ${key.name}`);
  for (const index of indexes) await session.query(`drop index ${quoteIdent(index.name)}`);
  const add = (key: (typeof keys)[number]) =>
    `alter table ${key.table} add constraint ${key.name} ${key.definition}`;
  return [
    ...keys.filter((key) => key.definition.startsWith('PRIMARY KEY')).map(add),
    ...indexes.map((index) => index.definition),
    ...keys.filter((key) => !key.definition.startsWith('PRIMARY KEY')).map(add),
  ];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
