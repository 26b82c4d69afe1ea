import { and, gt, lte, ne, not, sql } from 'drizzle-orm';
import type { SavedCriteria } from '../../../shared/alerts/rules.ts';
import { savedCriteriaSchema } from '../../../shared/alerts/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { bids, tasks } from '../../platform/db/schema.ts';
import { hasBlocked } from '../blocks/index.ts';
import { browseFilters, taskOrder, taskWhere } from '../tasks/index.ts';

/** A task an alert lists. */
export interface MatchedTask {
  id: string;
  title: string;
  budget: number | null;
}

/** What one saved search matched in a window: the first tasks in browse's order, and how many. */
export interface Matched {
  total: number;
  tasks: MatchedTask[];
}

/**
 * The open tasks created in (`since`, `until`] that a saved search of `userId` matches: the
 * browse query's own filters and sort (`browseFilters`, `taskWhere`, `taskOrder`), so an
 * alert lists what Browse Tasks would show, first `limit` of them, with how many match in
 * all. Never the person's own tasks, those they bid on, nor those of someone they blocked or
 * who blocked them (they could not bid on those).
 */
export async function matchTasks(
  tx: Pick<Db, 'select'>,
  search: { userId: string; criteria: SavedCriteria },
  since: Date,
  until: Date,
  limit: number,
): Promise<Matched> {
  const parsed = savedCriteriaSchema.safeParse(search.criteria);
  // Criteria a later rule no longer reads match nothing rather than everything.
  if (!parsed.success) return { total: 0, tasks: [] };
  const me = search.userId;
  const where = and(
    taskWhere(browseFilters(parsed.data, { stage: 'open' })),
    gt(tasks.createdAt, since),
    lte(tasks.createdAt, until),
    ne(tasks.ownerId, me),
    sql`not exists (select 1 from ${bids} where ${bids.taskId} = ${tasks.id} and ${bids.bidderId} = ${me})`,
    not(hasBlocked(me, tasks.ownerId)),
    not(hasBlocked(tasks.ownerId, me)),
  );
  const rows = await tx
    .select({
      id: tasks.id,
      title: tasks.title,
      budget: tasks.budget,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tasks)
    .where(where)
    .orderBy(...taskOrder(parsed.data.sort))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, tasks: rows.map(({ total: _t, ...task }) => task) };
}
