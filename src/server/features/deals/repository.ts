import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_DEAL_STATES, nextState } from '../../../shared/payments/deal-machine.ts';
import type { DealView } from '../../../shared/payments/schema.ts';
import { DEFAULT_FEE_SCHEDULE, quote } from '../../../shared/payments/fees.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import {
  bids,
  dealEvents,
  deals,
  ledgerAccounts,
  paymentEvents,
  tasks,
} from '../../platform/db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import { ProviderError, type PaymentProvider, type SignedEvent } from './provider.ts';
import {
  DEAL_NOT_FOUND,
  lockDeal,
  NOT_YOUR_DEAL,
  sideOf,
  transition,
  type DealRow,
} from './transitions.ts';

const TASK_NOT_FOUND = 'No such task.';

/** A bid's amount (dollars, two decimals) in cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Makes the deal of a task's accepted bid, awaiting the owner's payment, with the fee quote
 * frozen onto it. Only the task's owner; only with a bid accepted; one live deal per task.
 */
export async function createDeal(db: Db, ownerId: string, taskId: string): Promise<DealRow> {
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
    const [live] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.taskId, taskId), inArray(deals.state, LIVE_DEAL_STATES)));
    if (live) throw conflict('This task already has a deal going on.', 'DEAL_EXISTS');
    const q = quote({ amount: toCents(bid.amount), currency: DEFAULT_FEE_SCHEDULE.currency });
    const fee = (id: string) => q.lines.find((l) => l.kind === id)?.amount.amount ?? 0;
    const [deal] = await tx
      .insert(deals)
      .values({
        taskId,
        bidId: bid.id,
        ownerId,
        workerId: bid.bidderId,
        currency: q.totals.posterPays.currency,
        price: toCents(bid.amount),
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
    return deal!;
  });
}

/** The deal as its sides and operators read it: the row, its escrow and its timeline. */
export async function dealView(db: Db, deal: DealRow): Promise<DealView> {
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
  return dealView(db, deal);
}

/**
 * A provider's signed event, applied once: a bad signature is a 400, an event id seen before
 * changes nothing (`replayed`), and a payment that arrives for a deal no longer waiting for
 * it is recorded and not applied (`applied: false`).
 */
export async function applySignedEvent(
  tx: Db,
  provider: PaymentProvider,
  signed: SignedEvent,
): Promise<{ replayed: boolean; applied: boolean }> {
  let event;
  try {
    event = provider.parseEvent(signed);
  } catch (err) {
    if (err instanceof ProviderError) throw new HttpError(400, err.message, err.code);
    throw err;
  }
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, payload: { ...event } })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!fresh) return { replayed: true, applied: false };
  try {
    await tx.transaction(async (inner) => {
      const deal = await lockDeal(inner, event.dealId);
      if (deal.posterPays !== event.amount.amount || deal.currency !== event.amount.currency)
        throw conflict('The payment is not the deal’s amount.');
      await transition(
        inner,
        provider,
        event.dealId,
        'pay',
        {
          kind: 'owner',
          id: null,
          label: 'provider',
        },
        { chargeId: event.chargeId },
      );
    });
    return { replayed: false, applied: true };
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 409 || err.statusCode === 404))
      return { replayed: false, applied: false };
    throw err;
  }
}

/**
 * The owner pays with a card: the provider charges it under the deal's lock (a repeated
 * click while one charge waits for authentication gets that same charge), and a charge that
 * went through is applied by the same signed-event handler the provider's webhook uses.
 * A declined card is counted (the next try is a new charge) and answered 402.
 */
export async function payDeal(
  db: Db,
  provider: PaymentProvider,
  ownerId: string,
  dealId: string,
  card: string,
) {
  const outcome = await db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (sideOf(deal, ownerId) !== 'owner') throw forbidden('Only the poster pays for the deal.');
    try {
      nextState(deal, 'pay', 'owner');
    } catch (err) {
      throw conflict((err as Error).message, 'INVALID_STATE');
    }
    const charge = await provider.charge(tx, {
      dealId,
      amount: { amount: deal.posterPays, currency: deal.currency },
      card,
      idempotencyKey: `deal:${dealId}:charge:${deal.paymentAttempts}`,
    });
    if (charge.status === 'declined') {
      await tx
        .update(deals)
        .set({ paymentAttempts: sql`${deals.paymentAttempts} + 1` })
        .where(eq(deals.id, dealId));
      return { declined: true as const };
    }
    if (charge.event) await applySignedEvent(tx, provider, charge.event);
    const [now] = await tx.select().from(deals).where(eq(deals.id, dealId));
    return {
      declined: false as const,
      deal: await dealView(tx, now!),
      payment: { chargeId: charge.id, status: charge.status },
    };
  });
  if (outcome.declined) throw new HttpError(402, 'The card was declined.', 'CARD_DECLINED');
  return { deal: outcome.deal, payment: outcome.payment };
}

/** The owner completes a charge's authentication (sandbox); its event pays the deal. */
export async function authenticateCharge(
  db: Db,
  provider: PaymentProvider,
  ownerId: string,
  dealId: string,
  chargeId: string,
) {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (sideOf(deal, ownerId) !== 'owner') throw forbidden('Only the poster pays for the deal.');
    if (deal.state !== 'awaiting-payment')
      throw conflict('The deal no longer waits for its payment.', 'INVALID_STATE');
    const done = await provider.authenticate(tx, chargeId);
    if (!done || done.dealId !== dealId)
      throw notFound('No charge of this deal waits for authentication.');
    await applySignedEvent(tx, provider, done.event);
    const [now] = await tx.select().from(deals).where(eq(deals.id, dealId));
    return dealView(tx, now!);
  });
}
