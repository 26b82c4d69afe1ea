import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** One open database: the Drizzle handle plus what the app needs around it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Opens the database named by `url` and applies pending migrations:
 * `postgres://…` a PostgreSQL server; `memory://` an in-memory PGlite; anything else
 * a directory for a persistent PGlite.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
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
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1500,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
