import { and, desc, eq, inArray } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { bidRevisions, bids, tasks } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';
import { notify } from '../../platform/notify.ts';
import { bidFieldColumns } from './columns.ts';

/**
 * The bids a person placed and what each said before it was changed (the history has no
 * foreign key of its own to the person: it hangs off the bid). Pending and withdrawn offers
 * go with the account, with their history (the owner of each task with a pending one told);
 * decided ones stay.
 */
export const bidPersonalData: PersonalData = {
  tables: [bids],
  async export(db, userId) {
    const mine = await db
      .select({ ...columnsOf(bids, 'id', 'taskId'), taskTitle: tasks.title, ...bidFieldColumns })
      .from(bids)
      .innerJoin(tasks, eq(tasks.id, bids.taskId))
      .where(eq(bids.bidderId, userId))
      .orderBy(desc(bids.createdAt));
    // What each of their offers said before they changed it.
    const history = await db
      .select({
        bidId: bidRevisions.bidId,
        ...columnsOf(bidRevisions, 'amount', 'deadline', 'message', 'status', 'replacedAt'),
      })
      .from(bidRevisions)
      .innerJoin(bids, eq(bids.id, bidRevisions.bidId))
      .where(eq(bids.bidderId, userId))
      .orderBy(desc(bidRevisions.replacedAt));
    return { bids: mine, bidHistory: history };
  },
  async erase(tx, userId, events) {
    // Offers still open or withdrawn go (with their history); agreed work stays.
    const gone = await tx
      .delete(bids)
      .where(and(eq(bids.bidderId, userId), inArray(bids.status, ['pending', 'withdrawn'])))
      .returning({ taskId: bids.taskId, status: bids.status });
    const withdrawn = gone.filter((b) => b.status === 'pending');
    if (withdrawn.length === 0) return;
    const affected = await tx
      .select({ id: tasks.id, ownerId: tasks.ownerId, title: tasks.title })
      .from(tasks)
      .where(
        inArray(
          tasks.id,
          withdrawn.map((b) => b.taskId),
        ),
      );
    await notify(
      tx,
      events,
      affected.map((t) => ({
        userId: t.ownerId,
        type: 'bid.withdrawn' as const,
        title: `A bid on “${t.title}” was withdrawn`,
        body: `A bidder deleted their account, so their bid on “${t.title}” was withdrawn.`,
        taskId: t.id,
      })),
    );
    for (const t of affected) await events.publish(tx, { type: 'task.changed', taskId: t.id });
  },
};
