import { and, eq, sql } from 'drizzle-orm';
import { nextState } from '../../../shared/payments/deal-machine.ts';
import { mayChangePrice } from '../../../shared/payments/price-change.ts';
import type { Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { deals } from '../../platform/db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import { applySignedEvent, dealFor, dealView, providerFailure } from './repository.ts';
import { lockDeal, sideOf, type DealContext, type DealRow } from './transitions.ts';

/**
 * What a charge is for: its amount, its key, and when it pays a raise the new price and that
 * price change's ledger key.
 */
export interface ChargeFor {
  amount: Money;
  idempotencyKey: string;
  price?: number;
  priceChange?: string;
}

/** Checks the locked deal may be charged now (409 if not) and says what the charge is. */
export type ChargePlan = (deal: DealRow) => ChargeFor;

/** 402 with the processor's word on why, when it gives one (Stripe's are for card holders). */
const declined = (why?: string) =>
  new HttpError(402, why ?? 'The card was declined.', 'CARD_DECLINED');

/** The deal, locked in `tx`, for its poster only (403 for anyone else). */
async function ownersDeal(tx: Db, ownerId: string, dealId: string) {
  const deal = await lockDeal(tx, dealId);
  if (sideOf(deal, ownerId) !== 'owner') throw forbidden('Only the poster pays for the deal.');
  return deal;
}

/**
 * The owner pays with a card (the sandbox's test number, or a Stripe payment method id) what
 * `plan` says: the deal's payment, or the difference of a raised price. The sandbox charges
 * under the deal's lock, and a charge that went through is applied at once by the same
 * signed-event handler the webhook uses. A network provider is called between two
 * transactions (never holding a lock over the network) with the attempt's key, so a double
 * click makes one charge; its webhook applies it. A declined card is counted (the next try
 * is a new charge) and answered 402.
 */
export async function chargeDeal(
  db: Db,
  ctx: DealContext,
  ownerId: string,
  dealId: string,
  card: string,
  plan: ChargePlan,
) {
  const provider = ctx.provider;
  if (!provider.direct) {
    const { deal, charge: planned } = await db.transaction(async (tx) => {
      const deal = await ownersDeal(tx, ownerId, dealId);
      return { deal, charge: plan(deal) };
    });
    const charge = await provider.charge(db, { dealId, card, ...planned }).catch((err: unknown) => {
      throw providerFailure(err);
    });
    if (charge.status === 'declined') {
      await db
        .update(deals)
        .set({ paymentAttempts: deal.paymentAttempts + 1 })
        .where(and(eq(deals.id, dealId), eq(deals.paymentAttempts, deal.paymentAttempts)));
      throw declined(charge.declineMessage);
    }
    return {
      deal: await dealFor(db, dealId, ownerId),
      payment: {
        chargeId: charge.id,
        status: charge.status,
        ...(charge.clientSecret ? { clientSecret: charge.clientSecret } : {}),
      },
    };
  }
  const outcome = await db.transaction(async (tx) => {
    const deal = await ownersDeal(tx, ownerId, dealId);
    const charge = await provider.charge(tx, { dealId, card, ...plan(deal) });
    if (charge.status === 'declined') {
      await tx
        .update(deals)
        .set({ paymentAttempts: sql`${deals.paymentAttempts} + 1` })
        .where(eq(deals.id, dealId));
      return { declined: true as const, why: charge.declineMessage };
    }
    if (charge.event) await applySignedEvent(tx, ctx, charge.event);
    const [now] = await tx.select().from(deals).where(eq(deals.id, dealId));
    return {
      declined: false as const,
      deal: await dealView(tx, now!, ownerId),
      payment: { chargeId: charge.id, status: charge.status },
    };
  });
  if (outcome.declined) throw declined(outcome.why);
  return { deal: outcome.deal, payment: outcome.payment };
}

/** The deal's payment: only while it waits for it (409 otherwise). */
export const paymentPlan: ChargePlan = (deal) => {
  try {
    nextState(deal, 'pay', 'owner');
  } catch (err) {
    throw conflict((err as Error).message, 'INVALID_STATE');
  }
  return {
    amount: { amount: deal.posterPays, currency: deal.currency },
    idempotencyKey: `deal:${deal.id}:charge:${deal.paymentAttempts}`,
  };
};

/** The owner pays for the deal with a card. */
export const payDeal = (db: Db, ctx: DealContext, ownerId: string, dealId: string, card: string) =>
  chargeDeal(db, ctx, ownerId, dealId, card, paymentPlan);

/**
 * The owner completes a charge's authentication (sandbox); its event pays the deal, or the
 * difference of a raised price.
 */
export async function authenticateCharge(
  db: Db,
  ctx: DealContext,
  ownerId: string,
  dealId: string,
  chargeId: string,
) {
  return db.transaction(async (tx) => {
    const deal = await ownersDeal(tx, ownerId, dealId);
    if (deal.state !== 'awaiting-payment' && !mayChangePrice(deal.state))
      throw conflict('The deal no longer waits for a payment.', 'INVALID_STATE');
    const done = await ctx.provider.authenticate(tx, chargeId);
    if (!done || done.dealId !== dealId)
      throw notFound('No charge of this deal waits for authentication.');
    await applySignedEvent(tx, ctx, done.event);
    const [now] = await tx.select().from(deals).where(eq(deals.id, dealId));
    return dealView(tx, now!, ownerId);
  });
}
