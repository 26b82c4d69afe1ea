import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/platform/db/client.ts';

/**
 * Sets one row's timestamp `column` (the row with that `id`) to `interval` before now, e.g.
 * `'13 days'`: how a test moves back the clock that a time window reads.
 */
export function setTimeAgo(db: Db, column: PgColumn, id: string, interval: string) {
  return db.execute(
    sql`update ${column.table} set ${sql.identifier(column.name)} = now() - ${interval}::interval where id = ${id}`,
  );
}

/**
 * "Now" for a job a test runs right after writing rows. The database stamps rows to the
 * microsecond and `new Date()` counts milliseconds, so a row written in this very millisecond
 * would fall after a plain `new Date()` (the job would leave it to its next run).
 */
export function jobNow() {
  return new Date(Date.now() + 1);
}
