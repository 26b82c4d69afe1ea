import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../src/server/platform/db/client.ts';

/** Statements of one transaction, and a way to fill a table from a SELECT in it. */
export interface SeedSession {
  query<T>(text: string): Promise<T[]>;
  /** Adds the rows `select` yields to `table` (its `columns`, in order). */
  load(
    table: string,
    columns: string[],
    select: string,
    options: { freeze: boolean },
  ): Promise<void>;
  /** True when `load` streams with COPY, which can freeze rows (see `freeze`). */
  copies: boolean;
}

export interface SeedConnection {
  transaction<T>(work: (session: SeedSession) => Promise<T>): Promise<T>;
  /** A statement outside any transaction (VACUUM). */
  run(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Through the app's Drizzle handle, any database (PGlite too): INSERT … SELECT. */
export function drizzleConnection(db: Db): SeedConnection {
  return {
    transaction: (work) =>
      db.transaction(async (tx) => {
        const query = async <T>(text: string) =>
          ((await tx.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
        return work({
          copies: false,
          query,
          load: async (table, columns, select) => {
            await query(`insert into ${table} (${columns.join(', ')}) ${select}`);
          },
        });
      }),
    run: async (text) => {
      await db.execute(sql.raw(text));
    },
    close: async () => {},
  };
}

/**
 * Two connections of its own to a PostgreSQL server: the transaction runs on one; `load`
 * streams `COPY (select) TO STDOUT` from the other into `COPY table FROM STDIN` on the
 * first, so the rows are computed by one server process while another stores and indexes
 * them (both cores), and stored the way COPY does (many rows per page write, frozen when
 * the table was emptied in this transaction). Indexes are built with more memory and, for
 * B-trees, parallel workers.
 */
export async function copyConnection(url: string): Promise<SeedConnection> {
  const target = new pg.Client({ connectionString: url });
  const source = new pg.Client({ connectionString: url });
  await Promise.all([target.connect(), source.connect()]);
  const query = async <T>(text: string) => (await target.query(text)).rows as T[];
  return {
    transaction: async (work) => {
      await target.query('begin');
      try {
        await target.query(`set local maintenance_work_mem = '1GB'`);
        await target.query('set local max_parallel_maintenance_workers = 2');
        await target.query(`set local work_mem = '256MB'`);
        const result = await work({
          copies: true,
          query,
          load: async (table, columns, select, { freeze }) => {
            const into = target.query(
              copyFrom(
                `copy ${table} (${columns.join(', ')}) from stdin${freeze ? ' (freeze)' : ''}`,
              ),
            );
            await pipeline(source.query(copyTo(`copy (${select}) to stdout`)), into);
          },
        });
        await target.query('commit');
        return result;
      } catch (error) {
        await target.query('rollback').catch(() => {});
        throw error;
      }
    },
    run: async (text) => {
      await target.query(text);
    },
    close: async () => {
      await Promise.all([target.end(), source.end()]);
    },
  };
}
