import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE, quote } from './fees.ts';
import { money } from './money.ts';
import {
  PRICE_LIMITS,
  mayChangePrice,
  priceChangeQuote,
  priceChangeRefusal,
  scheduleOf,
} from './price-change.ts';

/** A deal's figures at `price` under the schedule in force, as a deal freezes them. */
function dealAt(price: number) {
  const q = quote(money(price));
  const fee = (kind: string) => q.lines.find((l) => l.kind === kind)!.amount.amount;
  return {
    price,
    bookingFee: fee('booking-fee'),
    serviceFee: fee('service-fee'),
    posterPays: q.totals.posterPays.amount,
    workerReceives: q.totals.workerReceives.amount,
    scheduleVersion: q.scheduleVersion,
    currency: 'USD' as const,
  };
}

describe('changing a deal’s price', () => {
  it('quotes the new price with the deal’s schedule: the difference and the worker’s change', () => {
    // $100 → $150: the poster paid $105.00, now $157.50; the worker $85.00 → $127.50.
    expect(priceChangeQuote(dealAt(10_000), 15_000)).toEqual({
      figures: {
        price: 15_000,
        bookingFee: 750,
        serviceFee: 2250,
        posterPays: 15_750,
        workerReceives: 12_750,
      },
      difference: 5250,
      workerDelta: 4250,
    });
    // $30 → $10: $20 back, and $0.50 of the booking fee ($1.50 → its $1.00 minimum).
    expect(priceChangeQuote(dealAt(3000), 1000).difference).toBe(-2050);
    // Under the cap the fee stays $50: a raise from $2,000 pays the price difference only.
    expect(priceChangeQuote(dealAt(200_000), 300_000).difference).toBe(100_000);
  });

  it('keeps a deal’s own schedule and refuses one it does not know', () => {
    expect(scheduleOf(DEFAULT_FEE_SCHEDULE.version)).toBe(DEFAULT_FEE_SCHEDULE);
    expect(() => priceChangeQuote({ ...dealAt(10_000), scheduleVersion: 'x' }, 12_000)).toThrow(
      RangeError,
    );
  });

  it('refuses a price outside the limits, in the wrong direction, or when nothing is held', () => {
    const funded = { state: 'funded' as const, price: 10_000 };
    expect(priceChangeRefusal(funded, 'increase', 12_000)).toBeNull();
    expect(priceChangeRefusal(funded, 'decrease', 8000)).toBeNull();
    expect(priceChangeRefusal(funded, 'increase', 10_000)?.status).toBe(400);
    expect(priceChangeRefusal(funded, 'decrease', 10_000)?.status).toBe(400);
    expect(priceChangeRefusal(funded, 'decrease', PRICE_LIMITS.min - 1)?.message).toMatch(
      /^A price is from \$1\.00 to \$10,000,000/,
    );
    expect(priceChangeRefusal(funded, 'increase', PRICE_LIMITS.max + 1)?.status).toBe(400);
    expect(priceChangeRefusal(funded, 'increase', 12_000.5)?.status).toBe(400);
    for (const state of ['awaiting-payment', 'released', 'disputed', 'cancelled'] as const)
      expect(priceChangeRefusal({ state, price: 10_000 }, 'increase', 12_000)?.status).toBe(409);
    expect(mayChangePrice('payment-requested')).toBe(true);
    expect(mayChangePrice('cancellation-requested')).toBe(false);
  });
});
