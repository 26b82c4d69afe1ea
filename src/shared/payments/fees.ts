import { isMinorUnits, type Currency, type Money } from './money.ts';

/*
 * What a secured payment costs each side, from one versioned fee schedule. Pure and shared:
 * the server quotes what it charges, the browser can show the same figures before a bid is
 * accepted. Amounts are integer minor units (cents); rates are basis points (1500 = 15 %),
 * so every fee is an exact fraction rounded once, half-up, per line.
 */

/** A rate in basis points: 1 bp = 0.01 %, 10,000 bp = 100 %. */
export type BasisPoints = number;

/**
 * One band of the service fee: `rate` applies to the part of the price up to `upTo` cents
 * (above the previous band's `upTo`); the last band has no upper end (`upTo: null`).
 */
export interface FeeBand {
  upTo: number | null;
  rate: BasisPoints;
}

/**
 * A fee schedule, identified by `version`: a quote names the version it used, and a deal
 * keeps charging by the version it was quoted with when a newer schedule comes in.
 */
export interface FeeSchedule {
  version: string;
  currency: Currency;
  /** Paid by the poster on top of the price: a percentage, never below `minimum` nor above `cap`. */
  bookingFee: { rate: BasisPoints; minimum: number; cap: number };
  /**
   * Taken by the platform from what the worker receives: by bands of the price, each band's
   * rate on the part of the price inside it (marginal, like tax brackets), so the fee never
   * jumps when a price crosses a band's edge. A single rate is one band with `upTo: null`.
   */
  serviceFee: { bands: readonly FeeBand[] };
}

/**
 * The schedule in force: 5 % booking fee (at least $1.00, at most $50.00) paid by the poster;
 * a service fee paid by the worker of 15 % of the first $500, 10 % of the next $500 and 5 %
 * of the rest.
 */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  version: '2026-11-27',
  currency: 'USD',
  bookingFee: { rate: 500, minimum: 100, cap: 5000 },
  serviceFee: {
    bands: [
      { upTo: 50_000, rate: 1500 },
      { upTo: 100_000, rate: 1000 },
      { upTo: null, rate: 500 },
    ],
  },
};

/** The largest price quoted ($10,000,000): far above any task, and exact in every product. */
export const MAX_QUOTED_PRICE = 1_000_000_000;

export type Payer = 'poster' | 'worker';
export type LineKind = 'price' | 'booking-fee' | 'service-fee';

/** One line of a quote: what it is, who pays it, how much. */
export interface QuoteLine {
  kind: LineKind;
  label: string;
  payer: Payer;
  amount: Money;
}

export interface Quote {
  scheduleVersion: string;
  lines: QuoteLine[];
  totals: {
    /** The price plus the booking fee: what the poster's payment secures. */
    posterPays: Money;
    /** The price less the service fee: what the worker is paid when the work is done. */
    workerReceives: Money;
    /** Both fees: always `posterPays − workerReceives`. */
    platformKeeps: Money;
  };
}

const LABELS: Record<LineKind, string> = {
  price: 'Price',
  'booking-fee': 'Booking fee',
  'service-fee': 'Service fee',
};

/**
 * The lines and totals of a job at `price` under `schedule`. Throws a RangeError for a price
 * that is not a positive whole number of cents (up to `MAX_QUOTED_PRICE`), in another
 * currency than the schedule's, or for a malformed schedule.
 */
export function quote(price: Money, schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE): Quote {
  checkSchedule(schedule);
  if (price.currency !== schedule.currency)
    throw new RangeError(
      `The price is in ${price.currency}; the fees are in ${schedule.currency}.`,
    );
  if (!isMinorUnits(price.amount) || price.amount <= 0 || price.amount > MAX_QUOTED_PRICE)
    throw new RangeError(
      `A price is a whole number of cents from 1 to ${MAX_QUOTED_PRICE}; got ${price.amount}.`,
    );
  const cents = price.amount;
  const { rate, minimum, cap } = schedule.bookingFee;
  const booking = Math.min(cap, Math.max(minimum, percentOf(cents, rate)));
  const service = serviceFee(cents, schedule.serviceFee.bands);
  const of = (amount: number): Money => ({ amount, currency: schedule.currency });
  const line = (kind: LineKind, payer: Payer, amount: number): QuoteLine => ({
    kind,
    label: LABELS[kind],
    payer,
    amount: of(amount),
  });
  return {
    scheduleVersion: schedule.version,
    lines: [
      line('price', 'poster', cents),
      line('booking-fee', 'poster', booking),
      line('service-fee', 'worker', service),
    ],
    totals: {
      posterPays: of(cents + booking),
      workerReceives: of(cents - service),
      platformKeeps: of(booking + service),
    },
  };
}

/** The marginal band fee: each band's rate on the part of `cents` inside it, summed, then rounded once. */
function serviceFee(cents: number, bands: readonly FeeBand[]): number {
  let numerator = 0;
  let from = 0;
  for (const band of bands) {
    const to = band.upTo === null ? cents : Math.min(cents, band.upTo);
    if (to > from) numerator += (to - from) * band.rate;
    if (band.upTo === null || band.upTo >= cents) break;
    from = band.upTo;
  }
  return roundHalfUp(numerator, 10_000);
}

/** `rate` basis points of `cents`, rounded half-up to a cent. */
function percentOf(cents: number, rate: BasisPoints): number {
  return roundHalfUp(cents * rate, 10_000);
}

/** numerator / denominator rounded half-up, for non-negative integers (exact: no floats). */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

const isRate = (rate: unknown) =>
  Number.isInteger(rate) && (rate as number) >= 0 && (rate as number) <= 10_000;

/** Throws a RangeError naming what is wrong with a schedule (a programming error). */
function checkSchedule(schedule: FeeSchedule): void {
  const fail = (what: string) => {
    throw new RangeError(`Fee schedule ${schedule.version}: ${what}.`);
  };
  const { rate, minimum, cap } = schedule.bookingFee;
  if (!isRate(rate)) fail('the booking fee rate is not 0–10,000 basis points');
  if (!isMinorUnits(minimum) || !isMinorUnits(cap) || minimum < 0 || cap < minimum)
    fail('the booking fee needs whole-cent 0 ≤ minimum ≤ cap');
  const bands = schedule.serviceFee.bands;
  if (bands.length === 0 || bands.at(-1)?.upTo !== null)
    fail('the last service fee band must have no upper end');
  let previous = 0;
  for (const band of bands) {
    if (!isRate(band.rate)) fail('a service fee rate is not 0–10,000 basis points');
    if (band.upTo === null) continue;
    if (!isMinorUnits(band.upTo) || band.upTo <= previous)
      fail('service fee bands must rise, in whole cents');
    previous = band.upTo;
  }
  if (bands.slice(0, -1).some((band) => band.upTo === null))
    fail('only the last service fee band may have no upper end');
}
