import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { isBiddingOpen, type BidState, type MyBid } from '../../shared/assignments.ts';
import { formatDollars } from '../../shared/money.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { bids, tasks, user } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { notify } from '../notifications/repository.ts';

type Refusal = { outcome: 'not-found' } | { outcome: 'not-owner' } | { outcome: 'conflict' };
export type AcceptOutcome =
  { outcome: 'accepted'; taskId: string; assignedTo: string; declinedCount: number } | Refusal;
export type LifecycleOutcome = { outcome: 'done'; status: string } | Refusal;

/**
 * Awarding the work and what follows: accept one bid (everyone else is declined), complete
 * the task, or cancel the assignment and reopen it. Each is one transaction whose changes
 * and notifications go out together, only while the task is in the state it needs.
 */
export function createAssignmentRepository(db: Db, events: EventBus) {
  /** The task's owner, title and accepted bid, locked for the rest of the transaction. */
  async function lockTask(tx: Db, taskId: string) {
    const [task] = await tx
      .select({
        ownerId: tasks.ownerId,
        title: tasks.title,
        status: tasks.status,
        assignedTo: tasks.assignedTo,
        acceptedBidId: tasks.acceptedBidId,
        ownerName: user.name,
      })
      .from(tasks)
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(eq(tasks.id, taskId))
      .for('update', { of: tasks });
    return task;
  }

  return {
    async accept(ownerId: string, bidId: string): Promise<AcceptOutcome> {
      if (!isUuid(bidId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const [bid] = await tx
          .select({
            taskId: bids.taskId,
            bidderId: bids.bidderId,
            amount: bids.amount,
            bidderName: user.name,
          })
          .from(bids)
          .innerJoin(user, eq(user.id, bids.bidderId))
          .where(eq(bids.id, bidId));
        if (!bid) return { outcome: 'not-found' as const };
        const task = await lockTask(tx, bid.taskId);
        if (!task) return { outcome: 'not-found' as const };
        if (task.ownerId !== ownerId) return { outcome: 'not-owner' as const };
        if (!isBiddingOpen(task)) return { outcome: 'conflict' as const };

        await tx
          .update(tasks)
          .set({
            assignedTo: bid.bidderName,
            assigneeId: bid.bidderId,
            acceptedBidId: bidId,
            status: 'In Progress',
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, bid.taskId));
        await tx.update(bids).set({ status: 'accepted' }).where(eq(bids.id, bidId));
        const declined = await tx
          .update(bids)
          .set({ status: 'declined' })
          .where(and(eq(bids.taskId, bid.taskId), ne(bids.id, bidId), eq(bids.status, 'pending')))
          .returning({ bidderId: bids.bidderId });

        const others = [...new Set(declined.map((d) => d.bidderId))].filter(
          (id) => id !== bid.bidderId,
        );
        await notify(tx, events, [
          {
            userId: bid.bidderId,
            type: 'bid.accepted',
            title: 'Your bid was accepted',
            body: `${task.ownerName} accepted your bid of ${formatDollars(bid.amount)} on “${task.title}”.`,
            taskId: bid.taskId,
          },
          ...others.map((userId) => ({
            userId,
            type: 'bid.declined' as const,
            title: 'Your bid was declined',
            body: `“${task.title}” was assigned to another bidder.`,
            taskId: bid.taskId,
          })),
        ]);
        await events.publish(tx, { type: 'task.changed', taskId: bid.taskId });
        return {
          outcome: 'accepted' as const,
          taskId: bid.taskId,
          assignedTo: bid.bidderName,
          declinedCount: declined.length,
        };
      });
    },

    async complete(ownerId: string, taskId: string): Promise<LifecycleOutcome> {
      if (!isUuid(taskId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) return { outcome: 'not-found' as const };
        if (task.ownerId !== ownerId) return { outcome: 'not-owner' as const };
        if (task.assignedTo === null || task.status === 'Completed')
          return { outcome: 'conflict' as const };
        await tx
          .update(tasks)
          .set({ status: 'Completed', updatedAt: sql`now()` })
          .where(eq(tasks.id, taskId));
        await events.publish(tx, { type: 'task.changed', taskId });
        return { outcome: 'done' as const, status: 'Completed' };
      });
    },

    async cancelAssignment(
      ownerId: string,
      taskId: string,
      reason: string,
    ): Promise<LifecycleOutcome> {
      if (!isUuid(taskId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) return { outcome: 'not-found' as const };
        if (task.ownerId !== ownerId) return { outcome: 'not-owner' as const };
        if (task.assignedTo === null || task.status === 'Completed')
          return { outcome: 'conflict' as const };
        await tx
          .update(tasks)
          .set({
            assignedTo: null,
            assigneeId: null,
            acceptedBidId: null,
            status: 'Not Started',
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, taskId));
        if (task.acceptedBidId) {
          const [cancelled] = await tx
            .update(bids)
            .set({ status: 'cancelled' })
            .where(eq(bids.id, task.acceptedBidId))
            .returning({ bidderId: bids.bidderId });
          if (cancelled) {
            await notify(tx, events, [
              {
                userId: cancelled.bidderId,
                type: 'assignment.cancelled',
                title: 'Your assignment was cancelled',
                body: `${task.ownerName} cancelled your assignment on “${task.title}”: ${reason}`,
                taskId,
              },
            ]);
          }
        }
        await events.publish(tx, { type: 'task.changed', taskId });
        return { outcome: 'done' as const, status: 'Not Started' };
      });
    },

    /** The bids I placed, newest first, with their task and state, and how many there are. */
    async myBids(
      bidderId: string,
      page: number,
      limit: number,
    ): Promise<{ bids: MyBid[]; total: number }> {
      const rows = await db
        .select({
          id: bids.id,
          taskId: bids.taskId,
          taskTitle: tasks.title,
          taskStatus: tasks.status,
          amount: bids.amount,
          deadline: bids.deadline,
          createdAt: bids.createdAt,
          status: bids.status,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(bids)
        .innerJoin(tasks, eq(tasks.id, bids.taskId))
        .where(eq(bids.bidderId, bidderId))
        .orderBy(desc(bids.createdAt), desc(bids.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return {
        total: rows[0]?.total ?? 0,
        bids: rows.map((r) => ({
          _id: r.id,
          taskId: r.taskId,
          taskTitle: r.taskTitle,
          taskStatus: r.taskStatus,
          amount: r.amount,
          deadline: r.deadline,
          timestamp: r.createdAt.toISOString(),
          status: r.status as BidState,
        })),
      };
    },
  };
}
