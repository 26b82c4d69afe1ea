import { and, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { showOpenTasksOf } from '../statements/index.ts';

/**
 * Clears the read-only limits whose date has come (one UPDATE claims them), and answers whose
 * they were. A limit is already over at its instant (every check compares with now): this
 * only tidies the column, and is where what a limit hid comes back.
 */
export async function endLimits(db: Db, events?: Pick<EventBus, 'publish'>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(user)
      .set({ limitedUntil: null })
      .where(and(isNotNull(user.limitedUntil), lte(user.limitedUntil, sql`now()`)))
      .returning({ id: user.id });
    for (const { id } of ended) await showOpenTasksOf(tx, id, events);
    return ended.map((row) => row.id);
  });
}
