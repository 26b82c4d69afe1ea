import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { tasks } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';

/** Where a task's change is announced (on commit), so kept lists and open pages read it again. */
type Events = Pick<EventBus, 'publish'> | undefined;

/**
 * Takes a limited person's open tasks (nobody assigned, not completed, not held or removed)
 * out of browse and search. Their task pages stay. Call it in the limit's transaction.
 */
export async function hideOpenTasksOf(tx: Db, userId: string, events?: Events): Promise<number> {
  const result = (await tx.execute(sql`
    update ${tasks} set moderation = 'limited'
    where owner_id = ${userId} and moderation is null and stage = 'open'
    returning id`)) as unknown as { rows: { id: string }[] };
  await announce(tx, result.rows, events);
  return result.rows.length;
}

async function announce(tx: Db, rows: { id: string }[], events: Events) {
  for (const row of rows) await events?.publish(tx, { type: 'task.changed', taskId: row.id });
}

/** Puts a person's limited tasks back in browse (when the limit ends or is lifted). */
export async function showOpenTasksOf(tx: Db, userId: string, events?: Events): Promise<number> {
  const result = (await tx.execute(sql`
    update ${tasks} set moderation = null
    where owner_id = ${userId} and moderation = 'limited'
    returning id`)) as unknown as { rows: { id: string }[] };
  await announce(tx, result.rows, events);
  return result.rows.length;
}
