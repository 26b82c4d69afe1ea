import { and, asc, count, desc, eq, isNull, not, or, sql, type Placeholder } from 'drizzle-orm';
import { moderationNotice } from '../../../shared/operators/rules.ts';
import type { Bid, BidRevision } from '../../../shared/bids/schema.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { MyBid } from '../../../shared/assignments/schema.ts';
import { BID_TRANSITIONS, isAcceptable } from '../../../shared/lifecycle.ts';
import { ratingSummary } from '../../../shared/reviews/rules.ts';
import { BID_NOT_FOUND, BID_NOT_PENDING } from '../../../shared/messages.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { notify } from '../../platform/notify.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { countedPage, mapPage, pageOffset } from '../../platform/db/paging.ts';
import { bidRevisions, bids, tasks, user } from '../../platform/db/schema.ts';
import { columnsOf } from '../../platform/db/columns.ts';
import { acceptedNotice, awardBid, guardTask } from '../tasks/index.ts';
import { openDeal } from '../deals/index.ts';
import { assertMayContact, hasBlocked } from '../blocks/index.ts';
import { BLOCK_MESSAGES } from '../../../shared/blocks/rules.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { placeOffer, withdrawOffer, type BidValues } from './offers.ts';

/** What accepting a bid did. */
export interface Accepted {
  taskId: string;
  /** Who the work goes to (with payments on, once the deal is paid). */
  assignedTo: string;
  declinedCount: number;
  /** With payments on: the deal awaiting the owner's payment. */
  dealId: string | null;
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

/** Bids moderation holds or removed leave every list but their bidder's. */
const shownTo = (viewerId: string | Placeholder) =>
  or(isNull(bids.moderation), sql`${bids.bidderId} = ${viewerId}::text`);

/**
 * The offers on a task `viewerId` sees: all but those of people they blocked, and those
 * moderation keeps from them.
 */
const listed = (taskId: string | Placeholder, viewerId: string | Placeholder) =>
  and(eq(bids.taskId, taskId), not(hasBlocked(viewerId, bids.bidderId)), shownTo(viewerId));

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
    const history = sql`(select coalesce(json_agg(json_build_object(
        'amount', ${bidRevisions.amount}::float8, 'deadline', ${bidRevisions.deadline},
        'message', ${bidRevisions.message}, 'status', ${bidRevisions.status},
        'replacedAt', ${bidRevisions.replacedAt}) order by ${bidRevisions.replacedAt} desc), '[]')
      from ${bidRevisions} where ${bidRevisions.bidId} = ${bids.id})`;
    return db
      .select({
        id: bids.id,
        taskId: bids.taskId,
        userId: bids.bidderId,
        userName: user.name,
        amount: bids.amount,
        deadline: bids.deadline,
        createdAt: bids.createdAt,
        editedAt: bids.editedAt,
        status: bids.status,
        moderation: bids.moderation,
        moderationRule: bids.moderationRule,
        mayRead: sql<boolean>`${mayRead}`.mapWith(Boolean),
        userEmail: sql<string | null>`case when ${mayRead} then ${user.email} end`,
        message: sql<string | null>`case when ${mayRead} then ${bids.message} end`,
        history: sql<BidRevision[] | null>`case when ${mayRead} then ${history} end`,
        // The bidder's track record, from the row already joined for the name and one
        // indexed count (tasks_assignee_idx) per bid, in this one statement.
        image: user.image,
        memberSince: user.createdAt,
        ratingSum: user.freelancerRatingSum,
        ratingCount: user.freelancerRatingCount,
        jobsCompleted: sql<number>`(select count(*) from ${tasks} as done where done.assignee_id = ${bids.bidderId} and done.status = 'Completed')::int`,
      })
      .from(bids)
      .innerJoin(user, eq(user.id, bids.bidderId))
      .where(listed(taskId, viewerId))
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

  /** A page of the bids a person placed, and their count. */
  function myBidsQueries(bidderId: string, page: number, limit: number) {
    const mine = eq(bids.bidderId, bidderId);
    return {
      page: db
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
      count: db.select({ n: count() }).from(bids).where(mine),
    };
  }

  return {
    /** The list queries, unexecuted (the index test EXPLAINs them). */
    pageQuery,
    myBidsQueries,

    /** The task's owner, or null when there is no such task. */
    async taskOwner(taskId: string): Promise<string | null> {
      if (!isUuid(taskId)) return null;
      listReads ??= prepareListReads();
      const [row] = await listReads.owner.execute({ taskId });
      return row?.ownerId ?? null;
    },

    /**
     * One page of a task's offers, in the order they were first placed, without those of
     * people the viewer blocked (in the count too). The bidder's e-mail,
     * the message and the offer's earlier versions leave the database only for the task's
     * owner and for the viewer's own offer.
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
        db.select({ n: count() }).from(bids).where(listed(taskId, viewerId)),
      );
      return mapPage(found, (r) => ({
        ...bidFields(r),
        editedAt: r.editedAt?.toISOString() ?? null,
        userId: r.userId,
        userName: r.userName,
        bidder: {
          image: r.image,
          memberSince: r.memberSince.toISOString(),
          rating: ratingSummary(r.ratingSum, r.ratingCount),
          jobsCompleted: r.jobsCompleted,
        },
        ...(r.moderation === 'held' || r.moderation === 'removed'
          ? { moderationNotice: moderationNotice(r.moderation, r.moderationRule)! }
          : {}),
        ...(r.mayRead
          ? {
              userEmail: r.userEmail ?? '',
              message: r.message,
              history: (r.history ?? []).map((h) => ({
                ...h,
                replacedAt: new Date(h.replacedAt).toISOString(),
              })),
            }
          : {}),
      }));
    },

    /** One offer per person per task: a new one, or their existing one changed (offers.ts). */
    place: (taskId: string, bidder: { id: string; name: string }, values: BidValues) =>
      placeOffer(db, events, taskId, bidder, values),

    /** Withdraws the bidder's own pending offer (offers.ts). */
    withdraw: (bidderId: string, bidId: string) => withdrawOffer(db, events, bidderId, bidId),

    /**
     * Accepts one bid, only while bidding is open, in one transaction whose notifications go
     * out with it. Payments off: the work is awarded at once (tasks' `awardBid`: every other
     * pending bid declined). Payments on (`secured`): the bid is accepted and its deal made,
     * awaiting the owner's payment; the task stays open and the other bids pending until the
     * payment is secured (the deal then awards the work), and no other bid is accepted
     * meanwhile (409 `DEAL_EXISTS`).
     */
    async accept(ownerId: string, bidId: string, secured = false): Promise<Accepted> {
      if (!isUuid(bidId)) throw notFound(BID_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [bid] = await tx
          .select({
            ...columnsOf(bids, 'id', 'taskId', 'bidderId', 'amount'),
            bidderName: user.name,
          })
          .from(bids)
          .innerJoin(user, eq(user.id, bids.bidderId))
          .where(eq(bids.id, bidId));
        if (!bid) throw notFound(BID_NOT_FOUND);
        const task = await guardTask(tx, bid.taskId, ownerId, 'accept');
        // An offer hidden by a block (either way) is not accepted.
        await assertMayContact(tx, ownerId, bid.bidderId, BLOCK_MESSAGES.youBlockedBidder);
        // Read again under the task's lock: every change of a bid's state holds that lock.
        const [current] = await tx
          .select({ status: bids.status })
          .from(bids)
          .where(eq(bids.id, bidId));
        if (!current || !isAcceptable(current)) throw conflict(BID_NOT_PENDING, 'INVALID_STATE');
        const awarded = { ...task, id: bid.taskId };
        const accepted = { taskId: bid.taskId, assignedTo: bid.bidderName };
        if (!secured)
          return {
            ...accepted,
            declinedCount: await awardBid(tx, events, awarded, bid),
            dealId: null,
          };

        const deal = await openDeal(tx, events, bid.taskId, ownerId, bid);
        await tx.update(bids).set({ status: BID_TRANSITIONS.accept.to }).where(eq(bids.id, bidId));
        const then = ' The work starts once their payment is secured.';
        await notify(tx, events, [acceptedNotice(awarded, bid, then)], ownerId);
        await events.publish(tx, { type: 'bid.placed', taskId: bid.taskId, bidId });
        return { ...accepted, declinedCount: 0, dealId: deal.id };
      });
    },

    /** The bids I placed, newest first, with their task and state, and how many there are. */
    async myBids(bidderId: string, page: number, limit: number): Promise<Page<MyBid>> {
      const q = myBidsQueries(bidderId, page, limit);
      const found = await countedPage({ page, limit }, q.page, q.count);
      return mapPage(found, (r) => ({
        ...bidFields(r),
        taskTitle: r.taskTitle,
        taskStatus: r.taskStatus,
      }));
    },
  };
}
