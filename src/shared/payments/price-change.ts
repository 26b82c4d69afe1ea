import { BID_LIMITS } from '../limits.ts';
import type { DealSide, DealState } from './deal-machine.ts';
import { DEFAULT_FEE_SCHEDULE, MAX_QUOTED_PRICE, quote, type FeeSchedule } from './fees.ts';
import type { Currency } from './money.ts';

/*
 * Changing a deal's price after the payment is secured: the worker asks for more and the
 * poster approves (paying the difference) or declines; the poster raises it at once (paying
 * the difference); an operator lowers it (the difference goes back to the card). Pure and
 * shared: the server checks and charges by it, the deal panel shows the same figures.
 */

/** States a price may change in: the money is held and the work not released. */
export const PRICE_CHANGE_STATES = [
  'funded',
  'payment-requested',
] as const satisfies readonly DealState[];

export const mayChangePrice = (state: DealState) =>
  (PRICE_CHANGE_STATES as readonly DealState[]).includes(state);

/** A new price in cents: a bid's limits (at least $1.00), and never above what is quoted. */
export const PRICE_LIMITS = {
  min: Math.round(BID_LIMITS.amount.min * 100),
  max: Math.min(Math.round(BID_LIMITS.amount.max * 100), MAX_QUOTED_PRICE),
} as const;

/** Who changes a price, and how. */
export type PriceChangeKind = 'increase' | 'decrease';

/**
 * The steps of a price change: the actor, and whether a reason is needed. The twins are an
 * operator doing a side's step; approving and raising have none (they charge the poster's
 * card, which only the poster gives).
 */
export const PRICE_CHANGE_STEPS = {
  'ask-price-increase': { actor: 'worker', reason: true },
  'approve-price-increase': { actor: 'owner', reason: false },
  'decline-price-increase': { actor: 'owner', reason: false },
  'raise-price': { actor: 'owner', reason: false },
  'lower-price': { actor: 'operator', reason: true },
  'ask-price-increase-by-operator': { actor: 'operator', reason: true },
  'decline-price-increase-by-operator': { actor: 'operator', reason: true },
} as const satisfies Record<string, { actor: DealSide | 'operator'; reason: boolean }>;
export type PriceChangeStep = keyof typeof PRICE_CHANGE_STEPS;

/** The fee schedules a deal may have been quoted with, by version (frozen onto the deal). */
const FEE_SCHEDULES: Record<string, FeeSchedule> = {
  [DEFAULT_FEE_SCHEDULE.version]: DEFAULT_FEE_SCHEDULE,
};

/** The schedule of a version; throws a RangeError for one this code does not know. */
export function scheduleOf(version: string): FeeSchedule {
  const schedule = FEE_SCHEDULES[version];
  if (!schedule) throw new RangeError(`No fee schedule ${version}.`);
  return schedule;
}

/** The figures a deal carries (cents). */
export interface DealFigures {
  price: number;
  bookingFee: number;
  serviceFee: number;
  posterPays: number;
  workerReceives: number;
}

/** A deal's figures at a new price, and what moves between the poster's card and the deal. */
export interface PriceChangeQuote {
  figures: DealFigures;
  /** What the poster pays more (positive) or gets back (negative): price and booking fee. */
  difference: number;
  /** What the worker receives after fees at the new price, less what they would have. */
  workerDelta: number;
}

/**
 * The deal's figures at `price` with its own fee schedule (`scheduleVersion`), and the
 * difference the poster pays (or gets back). Throws a RangeError for a price outside
 * PRICE_LIMITS or an unknown schedule.
 */
export function priceChangeQuote(
  deal: DealFigures & { scheduleVersion: string; currency: Currency },
  price: number,
): PriceChangeQuote {
  if (!Number.isSafeInteger(price) || price < PRICE_LIMITS.min || price > PRICE_LIMITS.max)
    throw new RangeError(priceLimitsMessage);
  const q = quote({ amount: price, currency: deal.currency }, scheduleOf(deal.scheduleVersion));
  const fee = (kind: string) => q.lines.find((l) => l.kind === kind)?.amount.amount ?? 0;
  const figures = {
    price,
    bookingFee: fee('booking-fee'),
    serviceFee: fee('service-fee'),
    posterPays: q.totals.posterPays.amount,
    workerReceives: q.totals.workerReceives.amount,
  };
  return {
    figures,
    difference: figures.posterPays - deal.posterPays,
    workerDelta: figures.workerReceives - deal.workerReceives,
  };
}

const priceLimitsMessage = `A price is from $${(PRICE_LIMITS.min / 100).toFixed(2)} to $${(PRICE_LIMITS.max / 100).toLocaleString('en-US')}.`;

/**
 * Why `price` cannot be the deal's new price in a change of `kind`, or null: the deal's
 * state, the limits, and the direction (an increase must rise, a decrease fall).
 */
export function priceChangeRefusal(
  deal: { state: DealState; price: number },
  kind: PriceChangeKind,
  price: number,
): { status: 400 | 409; message: string } | null {
  if (!mayChangePrice(deal.state))
    return {
      status: 409,
      message: 'The price changes only while the payment is secured and not released.',
    };
  if (!Number.isSafeInteger(price) || price < PRICE_LIMITS.min || price > PRICE_LIMITS.max)
    return { status: 400, message: priceLimitsMessage };
  if (kind === 'increase' && price <= deal.price)
    return { status: 400, message: 'A new price must be above the current one.' };
  if (kind === 'decrease' && price >= deal.price)
    return { status: 400, message: 'A lower price must be below the current one.' };
  return null;
}
