import { and, eq, ne, sql } from 'drizzle-orm';
import { BID_TRANSITIONS, TASK_ACTIONS } from '../../../shared/lifecycle.ts';
import { formatDollars } from '../../../shared/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { bids, tasks, user } from '../../platform/db/schema.ts';
import type { EventPublisher } from '../../platform/events/bus.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { notify } from '../../platform/notify.ts';
import { guardTask, type LockedTask } from './lifecycle-guard.ts';

/** The bid the work goes to, as the award reads it. */
export interface AwardedBid {
  id: string;
  bidderId: string;
  bidderName: string;
  amount: number;
}

/**
 * The award of the work, in the caller's transaction with the task locked (guardTask
 * 'accept'): the task is assigned to the bidder (In Progress), the bid accepted, every other
 * pending bid declined and its bidder told, and the task's stream. `tellWorker` tells the
 * bidder their bid was accepted (with payments on they were told when the owner accepted,
 * and the deal tells them when the payment is secured). Returns how many bids were declined.
 */
export async function awardBid(
  tx: Db,
  events: EventPublisher,
  task: Pick<LockedTask, 'ownerId' | 'ownerName' | 'title'> & { id: string },
  bid: AwardedBid,
  tellWorker = true,
): Promise<number> {
  await tx
    .update(tasks)
    .set({
      assignedTo: bid.bidderName,
      assigneeId: bid.bidderId,
      acceptedBidId: bid.id,
      status: TASK_ACTIONS.accept.to,
      updatedAt: sql`now()`,
    })
    .where(eq(tasks.id, task.id));
  await tx.update(bids).set({ status: BID_TRANSITIONS.accept.to }).where(eq(bids.id, bid.id));
  const { from, to } = BID_TRANSITIONS.declineOthers;
  const declined = await tx
    .update(bids)
    .set({ status: to })
    .where(and(eq(bids.taskId, task.id), ne(bids.id, bid.id), eq(bids.status, from)))
    .returning({ bidderId: bids.bidderId });

  const others = [...new Set(declined.map((d) => d.bidderId))].filter((id) => id !== bid.bidderId);
  await notify(
    tx,
    events,
    [
      ...(tellWorker ? [acceptedNotice(task, bid)] : []),
      ...others.map((userId) => ({
        userId,
        type: 'bid.declined' as const,
        title: 'Your bid was declined',
        body: `“${task.title}” was assigned to another bidder.`,
        taskId: task.id,
      })),
    ],
    task.ownerId,
  );
  await events.publish(tx, { type: 'task.changed', taskId: task.id });
  return declined.length;
}

/** The bidder's notification that the owner accepted their bid. */
export function acceptedNotice(
  task: Pick<LockedTask, 'ownerName' | 'title'> & { id: string },
  bid: AwardedBid,
  then = '',
) {
  return {
    userId: bid.bidderId,
    type: 'bid.accepted' as const,
    title: 'Your bid was accepted',
    body: `${task.ownerName} accepted your bid of ${formatDollars(bid.amount)} on “${task.title}”.${then}`,
    taskId: task.id,
  };
}

/** The bid with its bidder's name, or undefined. */
async function bidOf(tx: Db, bidId: string) {
  const [bid] = await tx
    .select({
      id: bids.id,
      taskId: bids.taskId,
      bidderId: bids.bidderId,
      bidderName: user.name,
      amount: bids.amount,
      status: bids.status,
    })
    .from(bids)
    .innerJoin(user, eq(user.id, bids.bidderId))
    .where(eq(bids.id, bidId));
  return bid;
}

/** The task locked for its owner's award, or null when it can no longer be awarded. */
async function openTask(tx: Db, taskId: string, ownerId: string) {
  try {
    return await guardTask(tx, taskId, ownerId, 'accept');
  } catch (err) {
    if (err instanceof HttpError) return null;
    throw err;
  }
}

/**
 * A secured payment's award (payments on): once the owner's payment for the bid they
 * accepted arrives, the work is awarded as accepting does without payments. Nothing when
 * the task is no longer open (a deal made after an award, or a task deleted meanwhile).
 */
export async function awardPaidBid(tx: Db, events: EventPublisher, bidId: string) {
  const bid = await bidOf(tx, bidId);
  if (!bid || bid.status !== BID_TRANSITIONS.accept.to) return false;
  const [owner] = await tx
    .select({ ownerId: tasks.ownerId })
    .from(tasks)
    .where(eq(tasks.id, bid.taskId));
  const task = owner && (await openTask(tx, bid.taskId, owner.ownerId));
  if (!task) return false;
  await awardBid(tx, events, { ...task, id: bid.taskId }, bid, false);
  return true;
}

/**
 * An accepted bid whose payment never came (expired, or withdrawn by the owner) goes back
 * to pending, under its task's lock: the owner may accept it, or another, again. Nothing
 * when the task was awarded to it already (a deal made after an award).
 */
export async function reopenBid(tx: Db, events: EventPublisher, bidId: string) {
  const bid = await bidOf(tx, bidId);
  if (!bid || bid.status !== BID_TRANSITIONS.unpaid.from) return false;
  const [task] = await tx
    .select({ assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(eq(tasks.id, bid.taskId))
    .for('update');
  if (!task || task.assigneeId !== null) return false;
  await tx.update(bids).set({ status: BID_TRANSITIONS.unpaid.to }).where(eq(bids.id, bidId));
  await events.publish(tx, { type: 'bid.placed', taskId: bid.taskId, bidId });
  await events.publish(tx, { type: 'task.changed', taskId: bid.taskId });
  return true;
}
