import { and, asc, eq, inArray } from 'drizzle-orm';
import { LIVE_DEAL_STATES, nextTimerAt } from '../../../shared/payments/deal-machine.ts';
import type { DealView } from '../../../shared/payments/schema.ts';
import { DEFAULT_FEE_SCHEDULE, quote } from '../../../shared/payments/fees.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventPublisher } from '../../platform/events/bus.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { bids, dealEvents, deals, ledgerAccounts, tasks } from '../../platform/db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import { applyProviderEvent } from './provider-events.ts';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderEvent,
  type SignedEvent,
} from './provider.ts';
import {
  DEAL_NOT_FOUND,
  NOT_YOUR_DEAL,
  sideOf,
  type DealContext,
  type DealRow,
} from './transitions.ts';

const TASK_NOT_FOUND = 'No such task.';

/** A bid's amount (dollars, two decimals) in cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** The bid a deal secures the payment of. */
export interface DealBid {
  id: string;
  bidderId: string;
  /** Dollars, two decimals. */
  amount: number;
}

/**
 * Makes the deal of a bid the owner accepted, in the caller's transaction (which holds the
 * task's lock), awaiting the owner's payment, with the fee quote frozen onto it; one live
 * deal per task (409 `DEAL_EXISTS`). The task's pages are told.
 */
export async function openDeal(
  tx: Db,
  events: EventPublisher,
  taskId: string,
  ownerId: string,
  bid: DealBid,
): Promise<DealRow> {
  const [live] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.taskId, taskId), inArray(deals.state, LIVE_DEAL_STATES)));
  if (live)
    throw conflict(
      'This task already has a deal going on: its payment is awaited or secured.',
      'DEAL_EXISTS',
    );
  const price = toCents(bid.amount);
  const q = quote({ amount: price, currency: DEFAULT_FEE_SCHEDULE.currency });
  const fee = (id: string) => q.lines.find((l) => l.kind === id)?.amount.amount ?? 0;
  const [deal] = await tx
    .insert(deals)
    .values({
      taskId,
      bidId: bid.id,
      ownerId,
      workerId: bid.bidderId,
      currency: q.totals.posterPays.currency,
      price,
      bookingFee: fee('booking-fee'),
      serviceFee: fee('service-fee'),
      posterPays: q.totals.posterPays.amount,
      workerReceives: q.totals.workerReceives.amount,
      scheduleVersion: q.scheduleVersion,
    })
    .returning();
  await tx.insert(dealEvents).values({
    dealId: deal!.id,
    action: 'create',
    actor: 'owner',
    actorId: ownerId,
    fromState: 'awaiting-payment',
    toState: 'awaiting-payment',
    detail: { price: deal!.price, posterPays: deal!.posterPays },
  });
  await events.publish(tx, { type: 'deal.changed', taskId, dealId: deal!.id });
  return deal!;
}

/**
 * A deal for a task awarded before its payment was secured (an award made while payments
 * were off): only the task's owner, only while its bid is accepted and the task not
 * completed. With payments on, accepting a bid makes its deal.
 */
export async function createDeal(
  db: Db,
  events: EventPublisher,
  ownerId: string,
  taskId: string,
): Promise<DealRow> {
  return db.transaction(async (tx) => {
    const [task] = isUuid(taskId)
      ? await tx
          .select({
            ownerId: tasks.ownerId,
            acceptedBidId: tasks.acceptedBidId,
            status: tasks.status,
          })
          .from(tasks)
          .where(eq(tasks.id, taskId))
          .for('update')
      : [];
    if (!task) throw notFound(TASK_NOT_FOUND);
    if (task.ownerId !== ownerId) throw forbidden('Only the task’s poster secures its payment.');
    const [bid] = task.acceptedBidId
      ? await tx
          .select({
            id: bids.id,
            bidderId: bids.bidderId,
            amount: bids.amount,
            status: bids.status,
          })
          .from(bids)
          .where(eq(bids.id, task.acceptedBidId))
      : [];
    if (!bid || bid.status !== 'accepted' || task.status === 'Completed')
      throw conflict(
        'Accept a bid first: a deal secures the payment of an accepted bid.',
        'NO_ACCEPTED_BID',
      );
    return openDeal(tx, events, taskId, ownerId, bid);
  });
}

/**
 * The deal as its sides and operators read it: the row, its escrow, its timeline, the
 * reader's side (`viewerId`; null for an operator) and when its next timer acts.
 */
export async function dealView(
  db: Db,
  deal: DealRow,
  viewerId: string | null = null,
): Promise<DealView> {
  const [escrow] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'escrow'), eq(ledgerAccounts.ownerId, deal.id)));
  const events = await db
    .select()
    .from(dealEvents)
    .where(eq(dealEvents.dealId, deal.id))
    .orderBy(asc(dealEvents.id));
  const { paymentAttempts: _attempts, chargeId: _charge, ...fields } = deal;
  return {
    ...fields,
    createdAt: deal.createdAt.toISOString(),
    stateSince: deal.stateSince.toISOString(),
    escrow: escrow?.balance ?? 0,
    viewerSide: viewerId === null ? null : sideOf(deal, viewerId),
    nextTimerAt: nextTimerAt(deal)?.toISOString() ?? null,
    timeline: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      actor: e.actor,
      from: e.fromState,
      to: e.toState,
      reason: e.reason,
      detail: e.detail,
    })),
  };
}

/** The deal for one of its sides (403 for anyone else). */
export async function dealFor(db: Db, dealId: string, userId: string | null): Promise<DealView> {
  const [deal] = isUuid(dealId) ? await db.select().from(deals).where(eq(deals.id, dealId)) : [];
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  if (userId !== null && !sideOf(deal, userId)) throw forbidden(NOT_YOUR_DEAL);
  return dealView(db, deal, userId);
}

/** A provider's signed event read: 400 for a bad signature or a body it cannot read. */
export function readSignedEvent(provider: PaymentProvider, signed: SignedEvent): ProviderEvent {
  try {
    return provider.parseEvent(signed);
  } catch (err) {
    if (err instanceof ProviderError) throw new HttpError(400, err.message, err.code);
    throw err;
  }
}

/**
 * A provider's signed event, applied once (`applyProviderEvent`): a bad signature is a 400,
 * an event id seen before changes nothing (`replayed`). The sandbox's events carry their
 * fee; a network provider's are applied by the webhook route, which reads the fee first.
 */
export const applySignedEvent = (
  tx: Db,
  ctx: DealContext,
  signed: SignedEvent,
): Promise<{ replayed: boolean; applied: boolean }> =>
  applyProviderEvent(tx, ctx, readSignedEvent(ctx.provider, signed));

/**
 * A network provider's failure as an answer: a refusal for good is a 402 (the payment, or
 * the payee, cannot go through that way), anything else (no answer, 5xx after the retries)
 * a 503 to try again; our own HttpErrors pass through.
 */
export function providerFailure(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof ProviderError && err.code === 'REFUSED')
    return new HttpError(402, 'The payment processor refused this.', 'PROVIDER_REFUSED');
  if (err instanceof ProviderError) return conflict(err.message, err.code);
  return new HttpError(
    503,
    'The payment processor did not answer. Please try again.',
    'PROVIDER_UNAVAILABLE',
  );
}
