import { and, asc, count, desc, eq, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Bid } from '../../shared/bids.ts';
import type { Page } from '../../shared/paging.ts';
import type { MyBid } from '../../shared/assignments.ts';
import { BID_TRANSITIONS, isAcceptable, TASK_ACTIONS } from '../../shared/lifecycle.ts';
import { formatDollars } from '../../shared/money.ts';
import { BID_NOT_FOUND, BID_NOT_PENDING } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { notify } from '../notifications/repository.ts';
import { isUuid } from '../db/ids.ts';
import { countedPage, mapPage, pageOffset } from '../db/paging.ts';
import { bids, tasks, user } from '../db/schema.ts';
import { columnsOf } from '../db/columns.ts';
import { guardTask } from '../tasks/lifecycle-guard.ts';
import { conflict, notFound } from '../http/errors.ts';
import { insertedRow } from '../db/rows.ts';

/** What the bid form writes (already validated). */
export type BidValues = Pick<typeof bids.$inferSelect, 'amount' | 'deadline' | 'message'>;

/** What accepting a bid did. */
export interface Accepted {
  taskId: string;
  assignedTo: string;
  declinedCount: number;
}

/** What every bid the API shows carries, from its row. */
function bidFields(
  r: Pick<
    typeof bids.$inferSelect,
    'id' | 'taskId' | 'amount' | 'deadline' | 'createdAt' | 'status'
  >,
) {
  return {
    _id: r.id,
    taskId: r.taskId,
    amount: r.amount,
    deadline: r.deadline,
    timestamp: r.createdAt.toISOString(),
    status: r.status,
  };
}

export function createBidRepository(db: Db, events: EventBus) {
  /**
   * One page of a task's bids; e-mail and message only where `viewerId` may read them. Takes
   * values or placeholders (the prepared statement below).
   */
  function pageQuery(
    taskId: string | Placeholder,
    taskOwnerId: string | Placeholder,
    viewerId: string | Placeholder,
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) {
    const mayRead = sql`(${taskOwnerId}::text = ${viewerId}::text or ${bids.bidderId} = ${viewerId})`;
    return db
      .select({
        id: bids.id,
        taskId: bids.taskId,
        userId: bids.bidderId,
        userName: user.name,
        amount: bids.amount,
        deadline: bids.deadline,
        createdAt: bids.createdAt,
        status: bids.status,
        mayRead: sql<boolean>`${mayRead}`.mapWith(Boolean),
        userEmail: sql<string | null>`case when ${mayRead} then ${user.email} end`,
        message: sql<string | null>`case when ${mayRead} then ${bids.message} end`,
      })
      .from(bids)
      .innerJoin(user, eq(user.id, bids.bidderId))
      .where(eq(bids.taskId, taskId))
      .orderBy(asc(bids.createdAt), asc(bids.id))
      .limit(limit)
      .offset(offset);
  }

  /**
   * The bid list's two reads, built once on first use and sent as named statements, so each
   * pooled connection parses and plans them only once.
   */
  let listReads: ReturnType<typeof prepareListReads> | undefined;
  function prepareListReads() {
    const p = sql.placeholder;
    return {
      owner: db
        .select({ ownerId: tasks.ownerId })
        .from(tasks)
        .where(eq(tasks.id, p('taskId')))
        .prepare('task_owner'),
      page: pageQuery(p('taskId'), p('ownerId'), p('viewerId'), p('limit'), p('offset')).prepare(
        'bids_of_task',
      ),
    };
  }

  return {
    /** The list query, unexecuted (the index test EXPLAINs it). */
    pageQuery,

    /** The task's owner, or null when there is no such task. */
    async taskOwner(taskId: string): Promise<string | null> {
      if (!isUuid(taskId)) return null;
      listReads ??= prepareListReads();
      const [row] = await listReads.owner.execute({ taskId });
      return row?.ownerId ?? null;
    },

    /**
     * One page of a task's bids, oldest first. The bidder's e-mail and the message leave the
     * database only for the task's owner and for the viewer's own bids.
     */
    async listForTask(
      taskId: string,
      taskOwnerId: string,
      viewerId: string,
      page: number,
      limit: number,
    ): Promise<Page<Bid>> {
      listReads ??= prepareListReads();
      const offset = pageOffset({ page, limit });
      const found = await countedPage(
        { page, limit },
        listReads.page.execute({ taskId, ownerId: taskOwnerId, viewerId, limit, offset }),
        db.select({ n: count() }).from(bids).where(eq(bids.taskId, taskId)),
      );
      return mapPage(found, (r) => ({
        ...bidFields(r),
        userId: r.userId,
        userName: r.userName,
        ...(r.mayRead ? { userEmail: r.userEmail ?? '', message: r.message } : {}),
      }));
    },

    /**
     * Places a bid while the task takes bids from this bidder (lifecycle.ts); the task is
     * locked for share, so it cannot vanish or be awarded meanwhile.
     */
    async place(
      taskId: string,
      bidder: { id: string; name: string },
      values: BidValues,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const task = await guardTask(tx, taskId, bidder.id, 'bid');
        const { id } = insertedRow(
          await tx
            .insert(bids)
            .values({ taskId, bidderId: bidder.id, ...values })
            .returning({ id: bids.id }),
        );
        await notify(tx, events, [
          {
            userId: task.ownerId,
            type: 'bid.received',
            title: `New bid on “${task.title}”`,
            body: `${bidder.name} offered ${formatDollars(values.amount)}.`,
            taskId,
            newBid: {
              taskTitle: task.title,
              name: bidder.name,
              amount: values.amount,
              message: values.message,
            },
          },
        ]);
        await events.publish(tx, { type: 'bid.placed', taskId, bidId: id });
        return id;
      });
    },

    /**
     * Awards the work: accepts one bid and declines every other pending one, in one
     * transaction whose notifications go out with it, only while bidding is open.
     */
    async accept(ownerId: string, bidId: string): Promise<Accepted> {
      if (!isUuid(bidId)) throw notFound(BID_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [bid] = await tx
          .select({ ...columnsOf(bids, 'taskId', 'bidderId', 'amount'), bidderName: user.name })
          .from(bids)
          .innerJoin(user, eq(user.id, bids.bidderId))
          .where(eq(bids.id, bidId));
        if (!bid) throw notFound(BID_NOT_FOUND);
        const task = await guardTask(tx, bid.taskId, ownerId, 'accept');
        // Read again under the task's lock: every change of a bid's state holds that lock.
        const [current] = await tx
          .select({ status: bids.status })
          .from(bids)
          .where(eq(bids.id, bidId));
        if (!current || !isAcceptable(current)) throw conflict(BID_NOT_PENDING, 'INVALID_STATE');

        await tx
          .update(tasks)
          .set({
            assignedTo: bid.bidderName,
            assigneeId: bid.bidderId,
            acceptedBidId: bidId,
            status: TASK_ACTIONS.accept.to,
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, bid.taskId));
        await tx.update(bids).set({ status: BID_TRANSITIONS.accept.to }).where(eq(bids.id, bidId));
        const { from, to } = BID_TRANSITIONS.declineOthers;
        const declined = await tx
          .update(bids)
          .set({ status: to })
          .where(and(eq(bids.taskId, bid.taskId), ne(bids.id, bidId), eq(bids.status, from)))
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
          taskId: bid.taskId,
          assignedTo: bid.bidderName,
          declinedCount: declined.length,
        };
      });
    },

    /** The bids I placed, newest first, with their task and state, and how many there are. */
    async myBids(bidderId: string, page: number, limit: number): Promise<Page<MyBid>> {
      const mine = eq(bids.bidderId, bidderId);
      const found = await countedPage(
        { page, limit },
        db
          .select({
            id: bids.id,
            taskId: bids.taskId,
            taskTitle: tasks.title,
            taskStatus: tasks.status,
            amount: bids.amount,
            deadline: bids.deadline,
            createdAt: bids.createdAt,
            status: bids.status,
          })
          .from(bids)
          .innerJoin(tasks, eq(tasks.id, bids.taskId))
          .where(mine)
          .orderBy(desc(bids.createdAt), desc(bids.id))
          .limit(limit)
          .offset(pageOffset({ page, limit })),
        db.select({ n: count() }).from(bids).where(mine),
      );
      return mapPage(found, (r) => ({
        ...bidFields(r),
        taskTitle: r.taskTitle,
        taskStatus: r.taskStatus,
      }));
    },
  };
}
