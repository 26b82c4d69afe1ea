import { eq, sql } from 'drizzle-orm';
import {
  PRICE_CHANGE_STEPS,
  priceChangeQuote,
  priceChangeRefusal,
  type PriceChangeKind,
  type PriceChangeStep,
} from '../../../shared/payments/price-change.ts';
import type { Db } from '../../platform/db/client.ts';
import { dealEvents, deals } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import type { ChargePlan } from './charges.ts';
import { movePriceDifference, priceChangeKey } from './money.ts';
import { announcePriceChange } from './notices.ts';
import { dealCharges, refundParts } from './deal-charges.ts';
import type { ProviderEvent } from './provider.ts';
import {
  auditDealStep,
  lockDeal,
  refundCharges,
  NOT_YOUR_DEAL,
  sideOf,
  type ActorRef,
  type DealContext,
  type DealRow,
} from './transitions.ts';

/*
 * Changing a deal's price while its payment is held (shared/payments/price-change.ts): the
 * worker asks, the poster approves (paying the difference) or declines; the poster raises it
 * at once; an operator lowers it. Every step is on the timeline, told to both sides and, for
 * an operator, in the audit log; the state of the deal does not change.
 */

const NO_REQUEST = 'No price increase waits for an answer.';

/** 403 unless the actor may take the step on this deal (its side, or an operator). */
function checkActor(deal: DealRow, step: PriceChangeStep, actor: ActorRef) {
  const who = PRICE_CHANGE_STEPS[step].actor;
  if (actor.kind !== who) throw forbidden(`Only the ${who} may ${step}.`);
  if (actor.kind !== 'operator' && actor.id !== null && sideOf(deal, actor.id) !== actor.kind)
    throw forbidden(NOT_YOUR_DEAL);
}

/** 400 or 409 when `price` cannot be the deal's new price in a change of `kind`. */
function checkPrice(deal: DealRow, kind: PriceChangeKind, price: number) {
  const refusal = priceChangeRefusal(deal, kind, price);
  if (refusal?.status === 409) throw conflict(refusal.message, 'INVALID_STATE');
  if (refusal) throw badRequest(refusal.message);
}

/** Writes a step to the timeline, tells both sides (not the actor) and audits an operator. */
async function record(
  tx: Db,
  ctx: DealContext,
  before: DealRow,
  after: DealRow,
  step: PriceChangeStep,
  actor: ActorRef,
  reason: string | null,
  detail: Record<string, unknown>,
) {
  await tx.insert(dealEvents).values({
    dealId: after.id,
    action: step,
    actor: actor.kind,
    actorId: actor.id,
    fromState: before.state,
    toState: after.state,
    reason,
    detail,
  });
  await announcePriceChange(tx, ctx.events, after, {
    step,
    actorId: actor.id,
    reason,
    before,
  });
  await auditDealStep(tx, actor, after.id, step, {
    before: { price: before.price, requestedPrice: before.requestedPrice },
    after: { price: after.price, requestedPrice: after.requestedPrice, ...detail },
    reason,
  });
}

/** Sets the deal's fields (bumping its version), returning the row as it now is. */
async function update(tx: Db, dealId: string, fields: Partial<DealRow>) {
  const [row] = await tx
    .update(deals)
    .set({ ...fields, version: sql`${deals.version} + 1` })
    .where(eq(deals.id, dealId))
    .returning();
  return row!;
}

const reasonOf = (step: PriceChangeStep, reason: string | undefined) => {
  const text = reason?.trim() || null;
  if (PRICE_CHANGE_STEPS[step].reason && !text) throw badRequest('Please give a reason.');
  return text;
};

/** The worker (or an operator for them) asks for `price`: one request waits at a time. */
export async function askPriceIncrease(
  tx: Db,
  ctx: DealContext,
  dealId: string,
  actor: ActorRef,
  input: { price: number; reason: string },
) {
  const step = actor.kind === 'operator' ? 'ask-price-increase-by-operator' : 'ask-price-increase';
  const deal = await lockDeal(tx, dealId);
  checkActor(deal, step, actor);
  checkPrice(deal, 'increase', input.price);
  if (deal.requestedPrice !== null)
    throw conflict('A price increase already waits for the poster’s answer.', 'REQUEST_PENDING');
  const reason = reasonOf(step, input.reason);
  const after = await update(tx, dealId, { requestedPrice: input.price });
  const { difference } = priceChangeQuote(deal, input.price);
  await record(tx, ctx, deal, after, step, actor, reason, { price: input.price, difference });
  return after;
}

/** The poster (or an operator) declines the worker's request: the price stays. */
export async function declinePriceIncrease(
  tx: Db,
  ctx: DealContext,
  dealId: string,
  actor: ActorRef,
  input: { reason?: string } = {},
) {
  const step =
    actor.kind === 'operator' ? 'decline-price-increase-by-operator' : 'decline-price-increase';
  const deal = await lockDeal(tx, dealId);
  checkActor(deal, step, actor);
  if (deal.requestedPrice === null) throw conflict(NO_REQUEST, 'NO_REQUEST');
  const reason = reasonOf(step, input.reason);
  const after = await update(tx, dealId, { requestedPrice: null });
  await record(tx, ctx, deal, after, step, actor, reason, { price: deal.requestedPrice });
  return after;
}

/**
 * The charge of a raise to `price`: its difference, keyed by the price change (the deal's
 * version), the price and the attempt, and naming that change for the processor.
 */
function raiseCharge(deal: DealRow, price: number) {
  checkPrice(deal, 'increase', price);
  const priceChange = priceChangeKey(deal);
  return {
    amount: { amount: priceChangeQuote(deal, price).difference, currency: deal.currency },
    idempotencyKey: `${priceChange}:${price}:charge:${deal.paymentAttempts}`,
    price,
    priceChange,
  };
}

/** Approving the worker's asked price: the charge of its difference (409 with none asked). */
export const approvalPlan: ChargePlan = (deal) => {
  if (deal.requestedPrice === null) throw conflict(NO_REQUEST, 'NO_REQUEST');
  return raiseCharge(deal, deal.requestedPrice);
};

/** The poster's own raise: the charge of its difference, once the worker's ask is answered. */
export const raisePlan =
  (price: number): ChargePlan =>
  (deal) => {
    if (deal.requestedPrice !== null)
      throw conflict(
        'The worker asked for a new price: approve or decline it first.',
        'REQUEST_PENDING',
      );
    return raiseCharge(deal, price);
  };

type RaisePaid = Extract<ProviderEvent, { type: 'charge.succeeded' }>;

/**
 * A charge for a raised price went through (the deal locked, in the event's transaction):
 * the difference goes into the deal's escrow and the deal takes the new figures. 409 when it
 * no longer fits (the state moved on, another raise was paid first, or the charge is not the
 * difference): the payment is then refunded as a late one (provider-events.ts).
 */
export async function applyRaise(tx: Db, ctx: DealContext, deal: DealRow, paid: RaisePaid) {
  const price = paid.price!;
  // Another raise paid first, or the state moved on: whatever the rules say, it no longer fits.
  const refusal = priceChangeRefusal(deal, 'increase', price);
  if (refusal) throw conflict(refusal.message, 'INVALID_STATE');
  const change = priceChangeQuote(deal, price);
  if (change.difference !== paid.amount.amount || deal.currency !== paid.amount.currency)
    throw conflict('The payment is not the difference of the new price.');
  const step = deal.requestedPrice === price ? 'approve-price-increase' : 'raise-price';
  const ledger = await movePriceDifference(tx, deal, change.difference);
  const after = await update(tx, deal.id, { ...change.figures, requestedPrice: null });
  await record(tx, ctx, deal, after, step, { kind: 'owner', id: deal.ownerId }, null, {
    price,
    difference: change.difference,
    ledger: ledger.id,
    chargeId: paid.chargeId,
  });
}

/**
 * An operator lowers the price: the difference (price and booking fee) goes back from the
 * escrow to the poster's card, and the provider refunds it (the sandbox at once; Stripe
 * through the payment outbox). A request waiting for an answer lapses.
 */
export async function lowerPrice(
  tx: Db,
  ctx: DealContext,
  dealId: string,
  actor: ActorRef,
  input: { price: number; reason: string },
) {
  const deal = await lockDeal(tx, dealId);
  checkActor(deal, 'lower-price', actor);
  checkPrice(deal, 'decrease', input.price);
  const reason = reasonOf('lower-price', input.reason);
  const change = priceChangeQuote(deal, input.price);
  const ledger = await movePriceDifference(tx, deal, change.difference);
  const charges = await dealCharges(tx, deal);
  const refunds = charges.length ? refundParts(charges, -change.difference) : [];
  await refundCharges(tx, ctx.provider, deal, refunds, `${priceChangeKey(deal)}:provider-refund`);
  const after = await update(tx, dealId, { ...change.figures, requestedPrice: null });
  await record(tx, ctx, deal, after, 'lower-price', actor, reason, {
    price: input.price,
    refunded: -change.difference,
    refunds,
    ledger: ledger.id,
  });
  return after;
}
