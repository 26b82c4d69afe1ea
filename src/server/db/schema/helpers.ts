import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, numeric, timestamp } from 'drizzle-orm/pg-core';

/* What the tables of several domains are built with; schema.ts does not re-export it. */

/**
 * A CHECK that the column holds one of `values` (the same list its `text({ enum })` type
 * reads). The values are our own constants, written into the migration as literals.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    name,
    sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`,
  );

/** Money: exact in the database, a JSON number at the edges. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A timestamp with time zone, required, the time of the insert unless given. */
export const timestampNow = <Name extends string>(name: Name) =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * A required reference whose row goes when the row it points to goes (NOT NULL, ON DELETE
 * CASCADE): `taskId: belongsTo(uuid('task_id'), () => tasks.id)`.
 */
export const belongsTo = <Column extends Referable<Column>>(
  column: { notNull(): Column },
  target: () => AnyPgColumn,
): Column => column.notNull().references(target, { onDelete: 'cascade' });

type Referable<Column> = {
  references(target: () => AnyPgColumn, actions: { onDelete: 'cascade' }): Column;
};
