import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The Drizzle handle over the one schema, on PGlite or a PostgreSQL server alike. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
