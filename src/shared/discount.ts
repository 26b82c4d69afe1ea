import { DISCOUNT_RATE, DISCOUNT_THRESHOLD_BIDS } from './constants.ts';

/** True when a task has enough bids for the bid-count discount (3 bids, docs/product.md). */
export function hasBidDiscount(bidCount: number): boolean {
  return bidCount >= DISCOUNT_THRESHOLD_BIDS;
}

/** The budget with the discount taken off (budget × 0.9), rounded to two decimals. */
export function discountedPrice(budget: number): number {
  // Work in cents so 0.1 + 0.2-style float drift never shows up in the second decimal.
  const cents = Math.round(budget * 100);
  return Math.round(cents * (1 - DISCOUNT_RATE)) / 100;
}

/** The discounted price as the detail page shows it: always two decimals, e.g. "90.00". */
export function formatDiscountedPrice(budget: number): string {
  return discountedPrice(budget).toFixed(2);
}
