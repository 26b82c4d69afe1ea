import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BID_TRANSITIONS,
  isChangeable,
  isWithdrawable,
  MAX_BID_CHANGES,
} from '../../../shared/lifecycle.ts';
import {
  BIDDING_CLOSED,
  BID_NOT_FOUND,
  BID_NOT_WITHDRAWABLE,
  OWN_BIDS_ONLY,
  TOO_MANY_BID_CHANGES,
} from '../../../shared/messages.ts';
import { formatDollars } from '../../../shared/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { bidRevisions, bids, user } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { notify } from '../../platform/notify.ts';
import { guardTask } from '../tasks/index.ts';
import { assertMayContact } from '../blocks/index.ts';
import { BLOCK_MESSAGES } from '../../../shared/blocks/rules.ts';
import {
  checkNewAccount,
  moderationRules,
  reportScreened,
  screenText,
} from '../prevention/index.ts';

/** What the bid form writes (already validated). */
export type BidValues = Pick<typeof bids.$inferSelect, 'amount' | 'deadline' | 'message'>;

/** The offer a bid landed on, and whether the bid made it (or changed an existing one). */
export interface Placed {
  id: string;
  created: boolean;
  /** Set when the message held contact or payment details (the bidder is told). */
  warning?: string;
}

const CHANGEABLE = ['pending', BID_TRANSITIONS.renew.from] as const;

/** The person's offer on the task that a new bid changes (pending first), locked. */
async function changeableOffer(tx: Db, taskId: string, bidderId: string) {
  const [offer] = await tx
    .select({
      id: bids.id,
      amount: bids.amount,
      deadline: bids.deadline,
      message: bids.message,
      status: bids.status,
    })
    .from(bids)
    .where(
      and(eq(bids.taskId, taskId), eq(bids.bidderId, bidderId), inArray(bids.status, CHANGEABLE)),
    )
    .orderBy(sql`${bids.status} = 'pending' desc`, desc(bids.createdAt))
    .limit(1)
    .for('update');
  return offer && isChangeable(offer) ? offer : undefined;
}
type Offer = NonNullable<Awaited<ReturnType<typeof changeableOffer>>>;

/**
 * Changes the person's offer to the new values, keeping the old ones as a revision. Its
 * `created_at` (its place in the task's order) stays: changing an offer never moves it.
 */
async function changeOffer(
  tx: Db,
  events: EventBus,
  task: { id: string; ownerId: string; title: string },
  bidder: { id: string; name: string },
  offer: Offer,
  values: BidValues,
) {
  const [changes] = await tx
    .select({ n: count() })
    .from(bidRevisions)
    .where(eq(bidRevisions.bidId, offer.id));
  if ((changes?.n ?? 0) >= MAX_BID_CHANGES)
    throw conflict(TOO_MANY_BID_CHANGES, 'TOO_MANY_CHANGES');
  const { id: _, ...was } = offer;
  await tx.insert(bidRevisions).values({ bidId: offer.id, ...was });
  await tx
    .update(bids)
    .set({ ...values, status: 'pending', editedAt: sql`now()` })
    .where(eq(bids.id, offer.id));
  const renewed = offer.status === BID_TRANSITIONS.renew.from;
  await notify(
    tx,
    events,
    [
      {
        userId: task.ownerId,
        type: 'bid.received',
        title: `${renewed ? 'Renewed' : 'Updated'} bid on “${task.title}”`,
        body: renewed
          ? `${bidder.name} bid again: ${formatDollars(values.amount)}.`
          : `${bidder.name} changed their offer from ${formatDollars(offer.amount)} to ${formatDollars(values.amount)}.`,
        taskId: task.id,
      },
    ],
    bidder.id,
  );
}

/**
 * One offer per person per task. A bid while the task takes bids from this person
 * (lifecycle.ts), with no block between them and its owner, changes their pending or
 * withdrawn offer, or else places a new one. The task is locked for share, so it cannot
 * vanish or be awarded meanwhile; two first bids sent at once meet at the unique index, and
 * the second changes the first.
 */
export async function placeOffer(
  db: Db,
  events: EventBus,
  taskId: string,
  bidder: { id: string; name: string },
  values: BidValues,
): Promise<Placed> {
  // A bid is placed while the task takes bids: before it is assigned, so contact details count.
  const rules = await moderationRules(db);
  const screened = screenText(rules, { message: values.message }, { contact: true });
  values = { ...values, message: screened.values.message ?? null };
  const warning = screened.warning ? { warning: screened.warning } : {};
  const report = (tx: Db, bidId: string) =>
    reportScreened(tx, rules, screened, {
      targetType: 'bid',
      targetId: bidId,
      authorId: bidder.id,
      snapshot: { message: values.message ?? '', amount: values.amount, taskId },
    });
  return db.transaction(async (tx) => {
    const task = { ...(await guardTask(tx, taskId, bidder.id, 'bid')), id: taskId };
    await assertMayContact(tx, bidder.id, task.ownerId, BLOCK_MESSAGES.youBlockedPoster);
    let offer = await changeableOffer(tx, taskId, bidder.id);
    if (!offer) {
      await checkNewAccount(tx, rules, bidder.id, 'bids');
      const [inserted] = await tx
        .insert(bids)
        .values({ taskId, bidderId: bidder.id, ...values })
        .onConflictDoNothing()
        .returning({ id: bids.id });
      if (inserted) {
        await notify(
          tx,
          events,
          [
            {
              userId: task.ownerId,
              type: 'bid.received',
              title: `New bid on “${task.title}”`,
              body: `${bidder.name} offered ${formatDollars(values.amount)}.`,
              taskId,
              newBid: { taskTitle: task.title, name: bidder.name, ...values },
            },
          ],
          bidder.id,
        );
        await report(tx, inserted.id);
        await events.publish(tx, { type: 'bid.placed', taskId, bidId: inserted.id });
        return { id: inserted.id, created: true, ...warning };
      }
      // Another bid of theirs landed first and has committed: this one changes it.
      offer = await changeableOffer(tx, taskId, bidder.id);
      if (!offer) throw conflict(BIDDING_CLOSED, 'BIDDING_CLOSED');
    }
    await changeOffer(tx, events, task, bidder, offer, values);
    if (values.message !== offer.message) await report(tx, offer.id);
    await events.publish(tx, { type: 'bid.placed', taskId, bidId: offer.id });
    return { id: offer.id, created: false, ...warning };
  });
}

/**
 * Withdraws a pending offer: only its bidder, only while it is pending (under its task's
 * lock, like every change of a bid's state). The task's owner is told.
 */
export async function withdrawOffer(db: Db, events: EventBus, bidderId: string, bidId: string) {
  if (!isUuid(bidId)) throw notFound(BID_NOT_FOUND);
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
    if (!bid) throw notFound(BID_NOT_FOUND);
    if (bid.bidderId !== bidderId) throw forbidden(OWN_BIDS_ONLY);
    const task = await guardTask(tx, bid.taskId, bidderId, 'bid');
    const [current] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId));
    if (!current || !isWithdrawable(current)) throw conflict(BID_NOT_WITHDRAWABLE, 'INVALID_STATE');
    await tx.update(bids).set({ status: BID_TRANSITIONS.withdraw.to }).where(eq(bids.id, bidId));
    await notify(
      tx,
      events,
      [
        {
          userId: task.ownerId,
          type: 'bid.withdrawn',
          title: `A bid on “${task.title}” was withdrawn`,
          body: `${bid.bidderName} withdrew their offer of ${formatDollars(bid.amount)}.`,
          taskId: bid.taskId,
        },
      ],
      bidderId,
    );
    await events.publish(tx, { type: 'bid.placed', taskId: bid.taskId, bidId });
    return { taskId: bid.taskId };
  });
}
