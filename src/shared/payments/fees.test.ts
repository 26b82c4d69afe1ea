import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE, MAX_QUOTED_PRICE, quote, type FeeSchedule } from './fees.ts';
import { money, type Money } from './money.ts';

/** [price, booking fee, service fee] in cents, under the default schedule. */
const CASES: [string, number, number, number][] = [
  ['one cent: the minimum booking fee, a service fee that rounds to nothing', 1, 100, 0],
  ['service fee 1.5¢ rounds half up', 10, 100, 2],
  ['service fee 4.5¢ rounds half up', 30, 100, 5],
  ['service fee 10.5¢ rounds half up', 70, 100, 11],
  ['$10: the booking fee (50¢) is raised to the minimum', 1000, 100, 150],
  ['$19.99: booking fee 99.95¢, still the minimum', 1999, 100, 300],
  ['$20: 5 % is exactly the minimum', 2000, 100, 300],
  ['booking fee 100.45¢ rounds down', 2009, 100, 301],
  ['booking fee 100.5¢ rounds half up', 2010, 101, 302],
  ['booking fee 101.5¢ rounds half up', 2030, 102, 305],
  ['$500: the top of the first band', 50_000, 2500, 7500],
  ['one cent into the second band: 10 % of 1¢ rounds away', 50_001, 2500, 7500],
  ['5¢ into the second band: 0.5¢ rounds half up', 50_005, 2500, 7501],
  ['$999.99: booking fee just under the cap', 99_999, 5000, 12_500],
  ['$1,000: booking fee exactly the cap, top of the second band', 100_000, 5000, 12_500],
  ['10¢ into the third band: 0.5¢ rounds half up', 100_010, 5000, 12_501],
  ['$2,000: booking fee capped, 5 % on the last $1,000', 200_000, 5000, 17_500],
  ['the largest price quoted', MAX_QUOTED_PRICE, 5000, 50_007_500],
];

describe('quote under the default schedule', () => {
  it.each(CASES)('%s', (_, price, booking, service) => {
    const q = quote(money(price));
    expect(q.scheduleVersion).toBe(DEFAULT_FEE_SCHEDULE.version);
    expect(q.lines).toEqual([
      { kind: 'price', label: 'Price', payer: 'poster', amount: money(price) },
      { kind: 'booking-fee', label: 'Booking fee', payer: 'poster', amount: money(booking) },
      { kind: 'service-fee', label: 'Service fee', payer: 'worker', amount: money(service) },
    ]);
    expect(q.totals).toEqual({
      posterPays: money(price + booking),
      workerReceives: money(price - service),
      platformKeeps: money(booking + service),
    });
  });

  it.each([0, -1, -5000, 1.5, 0.01, NaN, Infinity, MAX_QUOTED_PRICE + 1])(
    'refuses a price of %s cents',
    (amount) => {
      expect(() => quote(money(amount))).toThrow(RangeError);
    },
  );

  it('refuses a price in another currency than the schedule', () => {
    expect(() => quote({ amount: 1000, currency: 'EUR' } as unknown as Money)).toThrow(
      /fees are in USD/,
    );
  });

  it('refuses a malformed schedule', () => {
    const bad = (change: Partial<FeeSchedule>): FeeSchedule => ({
      ...DEFAULT_FEE_SCHEDULE,
      ...change,
    });
    const price = money(1000);
    expect(() => quote(price, bad({ serviceFee: { bands: [] } }))).toThrow(/last service fee/);
    expect(() => quote(price, bad({ serviceFee: { bands: [{ upTo: 100, rate: 100 }] } }))).toThrow(
      /last service fee/,
    );
    expect(() =>
      quote(
        price,
        bad({
          serviceFee: {
            bands: [
              { upTo: 500, rate: 100 },
              { upTo: 400, rate: 100 },
              { upTo: null, rate: 100 },
            ],
          },
        }),
      ),
    ).toThrow(/must rise/);
    expect(() => quote(price, bad({ bookingFee: { rate: 10_001, minimum: 0, cap: 0 } }))).toThrow(
      /booking fee rate/,
    );
    expect(() => quote(price, bad({ bookingFee: { rate: 500, minimum: 200, cap: 100 } }))).toThrow(
      /minimum ≤ cap/,
    );
    expect(() =>
      quote(price, bad({ serviceFee: { bands: [{ upTo: null, rate: 12.5 }] } })),
    ).toThrow(/service fee rate/);
  });
});

const price = fc.integer({ min: 1, max: MAX_QUOTED_PRICE });
const rate = fc.integer({ min: 0, max: 10_000 });

/** Any well-formed schedule: rising band edges, rates 0–100 %, minimum ≤ cap. */
const schedule: fc.Arbitrary<FeeSchedule> = fc
  .record({
    booking: fc.record({ rate, minimum: fc.nat(10_000), extra: fc.nat(100_000) }),
    edges: fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 4 }),
    rates: fc.array(rate, { minLength: 5, maxLength: 5 }),
  })
  .map(({ booking, edges, rates }) => ({
    version: 'any',
    currency: 'USD',
    bookingFee: {
      rate: booking.rate,
      minimum: booking.minimum,
      cap: booking.minimum + booking.extra,
    },
    serviceFee: {
      bands: [
        ...[...edges].sort((a, b) => a - b).map((upTo, i) => ({ upTo, rate: rates[i]! })),
        { upTo: null, rate: rates[4]! },
      ],
    },
  }));

describe('quote, for any price and schedule', () => {
  it('the poster pays what the worker receives plus what the platform keeps, in whole cents', () => {
    fc.assert(
      fc.property(price, schedule, (p, s) => {
        const { lines, totals } = quote(money(p), s);
        for (const m of [...lines.map((l) => l.amount), ...Object.values(totals)]) {
          expect(Number.isSafeInteger(m.amount)).toBe(true);
          expect(m.amount).toBeGreaterThanOrEqual(0);
          expect(m.currency).toBe('USD');
        }
        expect(totals.posterPays.amount - totals.workerReceives.amount).toBe(
          totals.platformKeeps.amount,
        );
        const [, booking, service] = lines.map((l) => l.amount.amount);
        expect(totals.platformKeeps.amount).toBe(booking! + service!);
        expect(booking).toBeGreaterThanOrEqual(s.bookingFee.minimum);
        expect(booking).toBeLessThanOrEqual(s.bookingFee.cap);
      }),
    );
  });

  it('a higher price never costs the poster less, pays the worker less or the platform less', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 200_000 }), schedule, (p, step, s) => {
        fc.pre(p + step <= MAX_QUOTED_PRICE);
        const low = quote(money(p), s).totals;
        const high = quote(money(p + step), s).totals;
        expect(high.posterPays.amount).toBeGreaterThan(low.posterPays.amount);
        expect(high.workerReceives.amount).toBeGreaterThanOrEqual(low.workerReceives.amount);
        expect(high.platformKeeps.amount).toBeGreaterThanOrEqual(low.platformKeeps.amount);
      }),
    );
  });

  it('one cent more never lowers what the worker receives, across the default bands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300_000 }), (p) => {
        const a = quote(money(p)).totals.workerReceives.amount;
        const b = quote(money(p + 1)).totals.workerReceives.amount;
        expect(b - a).toBeGreaterThanOrEqual(0);
        expect(b - a).toBeLessThanOrEqual(1);
      }),
    );
  });
});
