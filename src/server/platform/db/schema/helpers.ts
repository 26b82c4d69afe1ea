import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { MODERATION_STATES, RULE_IDS } from '../../../../shared/operators/rules.ts';

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

/**
 * A moderated thing's state (null: shown as usual; see MODERATION_STATES), and the rule an
 * operator named when they removed it (`moderationRule`).
 */
export const moderationState = (name: string) => text(name, { enum: MODERATION_STATES });
export const moderationRule = (name: string) => text(name, { enum: RULE_IDS });
