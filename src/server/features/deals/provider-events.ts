import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { dealEvents, paymentEvents } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { dealCharges, dealOfCharge } from './deal-charges.ts';
import { postDealLines, recordDisputeFees, recordProcessorFee } from './money.ts';
import { applyRaise } from './price-change.ts';
import type { ChargeSucceeded, ProviderEvent } from './provider.ts';
import { lockedOrNull, moneyBackAtProvider, onTimeline, providerStep } from './provider-steps.ts';
import {
  lockDeal,
  refundCharges,
  transition,
  type DealContext,
  type DealRow,
} from './transitions.ts';

/*
 * What the payment processor tells us, applied once per event id (decisions 0650–0654): a
 * payment funds its deal or raises its price, or, come too late, goes back to the card; its
 * fee is the platform's cost; a refund made at the processor, a chargeback and a reversed
 * transfer move the ledger, and the deal when its money is all gone, and are on the deal's
 * timeline for operators (`PROVIDER_STEPS`).
 */

type Applied = { replayed: boolean; applied: boolean };
const done = (applied: boolean): Applied => ({ replayed: false, applied });

/**
 * A payment that went through for a deal no longer waiting for it (expired, withdrawn, moved
 * on; a raise whose deal left the states a price changes in): in through the deal's escrow
 * and straight back out to the card (two ledger transactions: escrow ends where it was), and
 * refunded in full by the provider under its own key.
 */
async function refundLatePayment(tx: Db, ctx: DealContext, deal: DealRow, paid: ChargeSucceeded) {
  const { chargeId } = paid;
  const money = { id: deal.id, currency: paid.amount.currency };
  const amount = paid.amount.amount;
  const key = `deal:${deal.id}:late:${chargeId}`;
  const paidIn = await postDealLines(tx, money, key, 'late-payment', [
    ['card', null, -amount],
    ['escrow', deal.id, amount],
  ]);
  const paidBack = await postDealLines(tx, money, `${key}:refund`, 'late-refund', [
    ['escrow', deal.id, -amount],
    ['card', null, amount],
  ]);
  await refundCharges(
    tx,
    ctx.provider,
    money,
    [{ chargeId, amount }],
    `deal:${deal.id}:late-refund`,
  );
  await providerStep(tx, ctx, deal, 'late-payment-refunded', {
    lateCharge: chargeId,
    amount,
    ...(paid.price === undefined ? {} : { price: paid.price }),
    ledger: [paidIn.id, paidBack.id],
  });
}

/** A charge went through: it pays the deal (or its raise), or is refunded as too late. */
async function chargeSucceeded(tx: Db, ctx: DealContext, paid: ChargeSucceeded) {
  let applied = true;
  try {
    await tx.transaction(async (inner) => {
      const deal = await lockDeal(inner, paid.dealId);
      if (paid.price !== undefined) return applyRaise(inner, ctx, deal, paid);
      if (deal.posterPays !== paid.amount.amount || deal.currency !== paid.amount.currency)
        throw new HttpError(409, 'The payment is not the deal’s amount.');
      await transition(
        inner,
        ctx,
        paid.dealId,
        'pay',
        { kind: 'owner', id: null, label: 'provider' },
        { chargeId: paid.chargeId },
      );
    });
  } catch (err) {
    if (!(err instanceof HttpError && (err.statusCode === 409 || err.statusCode === 404)))
      throw err;
    applied = false;
  }
  const deal = await lockedOrNull(tx, paid.dealId);
  if (!deal) return done(false);
  const known = (await dealCharges(tx, deal)).some((c) => c.chargeId === paid.chargeId);
  if (!applied && !known) await refundLatePayment(tx, ctx, deal, paid);
  if (paid.fee && paid.fee.amount > 0)
    await recordProcessorFee(
      tx,
      { id: deal.id, currency: paid.fee.currency },
      paid.chargeId,
      paid.fee.amount,
    );
  return done(applied);
}

type EventOf<T extends ProviderEvent['type']> = Extract<ProviderEvent, { type: T }>;

/** A refund made at the processor: what of it we did not ask for goes back through the ledger. */
async function chargeRefunded(tx: Db, ctx: DealContext, event: EventOf<'charge.refunded'>) {
  const deal = await lockedOrNull(tx, (await dealOfCharge(tx, event.chargeId)) ?? event.dealId);
  if (!deal) return done(false);
  const charge = (await dealCharges(tx, deal)).find((c) => c.chargeId === event.chargeId);
  // Our own refunds are on the timeline already: only the rest was made in the dashboard.
  const extra = charge ? event.amount.amount - charge.refunded : 0;
  if (extra <= 0) return done(false);
  await moneyBackAtProvider(
    tx,
    ctx,
    deal,
    'refunded-at-provider',
    `deal:${deal.id}:refunded-at-provider:${event.chargeId}:${event.amount.amount}`,
    event.chargeId,
    extra,
    { charge: event.chargeId },
  );
  return done(true);
}

/**
 * A chargeback: opened, the deal's money steps wait (transition answers 409
 * `CHARGEBACK_OPEN`) and operators see it; won, nothing moved; lost, the amount went back
 * to the card as a refund made at the processor does.
 */
async function dispute(
  tx: Db,
  ctx: DealContext,
  event: EventOf<'dispute.opened' | 'dispute.closed' | 'dispute.funds'>,
) {
  const deal = await lockedOrNull(tx, await dealOfCharge(tx, event.chargeId));
  if (!deal) return done(false);
  await recordDisputeFees(tx, deal, event.disputeId, event.fees ?? []);
  if (event.type === 'dispute.funds') return done(true);
  const detail = {
    charge: event.chargeId,
    disputeId: event.disputeId,
    amount: event.amount.amount,
  };
  if (event.type === 'dispute.opened') {
    if (await onTimeline(tx, deal.id, 'chargeback-opened', 'disputeId', event.disputeId))
      return done(false);
    await providerStep(tx, ctx, deal, 'chargeback-opened', { ...detail, attention: true });
    return done(true);
  }
  for (const closed of ['chargeback-won', 'chargeback-lost'] as const)
    if (await onTimeline(tx, deal.id, closed, 'disputeId', event.disputeId)) return done(false);
  if (event.status !== 'lost') {
    await providerStep(tx, ctx, deal, 'chargeback-won', { ...detail, status: event.status });
    return done(true);
  }
  await moneyBackAtProvider(
    tx,
    ctx,
    deal,
    'chargeback-lost',
    `deal:${deal.id}:chargeback:${event.disputeId}`,
    event.chargeId,
    event.amount.amount,
    detail,
  );
  return done(true);
}

/**
 * A transfer to the worker reversed (by an operator in Stripe's dashboard, say): the money is
 * back with the platform, so it leaves `payouts` and is the worker's earnings again, waiting;
 * the deal is flagged for operators, who decide whether it is paid again.
 */
async function transferReversed(tx: Db, ctx: DealContext, event: EventOf<'transfer.reversed'>) {
  const deal = await lockedOrNull(tx, event.dealId);
  if (!deal) return done(false);
  const before = await tx
    .select({ amount: sql<number>`(${dealEvents.detail}->>'amount')::bigint` })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, deal.id),
        eq(dealEvents.action, 'transfer-reversed'),
        sql`${dealEvents.detail}->>'transferId' = ${event.transferId}`,
      ),
    );
  const extra = event.amount.amount - before.reduce((sum, r) => sum + Number(r.amount), 0);
  if (extra <= 0) return done(false);
  const ledger = await postDealLines(
    tx,
    deal,
    `deal:${deal.id}:transfer-reversed:${event.transferId}:${event.amount.amount}`,
    'transfer-reversed',
    [
      ['payouts', null, -extra],
      ['earnings', deal.workerId, extra],
    ],
    { transferId: event.transferId, amount: extra },
  );
  await providerStep(tx, ctx, deal, 'transfer-reversed', {
    transferId: event.transferId,
    amount: extra,
    ledger: ledger.id,
    attention: true,
  });
  return done(true);
}

/**
 * Applies a provider's event once: its id goes into `payment_events` first, so one seen
 * before changes nothing (`replayed`). A failed charge is recorded only; events of other
 * types are not kept.
 */
export async function applyProviderEvent(
  tx: Db,
  ctx: DealContext,
  event: ProviderEvent,
): Promise<Applied> {
  if (event.type === 'ignored') return done(false);
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, payload: { ...event } })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!fresh) return { replayed: true, applied: false };
  switch (event.type) {
    case 'payee.updated':
      await ctx.provider.updatePayee(tx, event.accountId, event.status);
      return done(true);
    case 'charge.succeeded':
      return chargeSucceeded(tx, ctx, event);
    case 'charge.refunded':
      return chargeRefunded(tx, ctx, event);
    case 'dispute.opened':
    case 'dispute.closed':
    case 'dispute.funds':
      return dispute(tx, ctx, event);
    case 'transfer.reversed':
      return transferReversed(tx, ctx, event);
    default:
      return done(false);
  }
}
