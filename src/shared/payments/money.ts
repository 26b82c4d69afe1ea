/**
 * Money in payments: an integer count of the currency's minor units (cents) with its
 * currency, never a float of dollars, so sums and fees are exact and a ledger can prove they
 * add up to zero. (Task prices elsewhere are still dollars: `src/shared/money.ts`.)
 */
export interface Money {
  /** Minor units (cents), an integer; negative only inside the ledger (money leaving). */
  amount: number;
  currency: Currency;
}

/** The currencies payments handle. One for now; the types and the ledger are per currency. */
export const CURRENCIES = ['USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** True for an amount in minor units that stays exact in a JS number (a safe integer). */
export function isMinorUnits(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount);
}

/** `amount` cents of `currency`: `money(1050)` is $10.50. */
export function money(amount: number, currency: Currency = 'USD'): Money {
  return { amount, currency };
}
