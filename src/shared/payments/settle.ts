import { HOLDING_STATES, type DealState } from './deal-machine.ts';

/*
 * Settling a deal left short (decision 0670): a refund made at the card processor (in its
 * dashboard, or a chargeback lost in part) took some of a payment still held, so the deal's
 * release or refund, which move what the deal expects, are refused. An operator settles
 * what the payment still holds instead. Pure, for the server's step and the console's form.
 */

/** How an operator settles what is held: all to the worker, all back, or a share. */
export const SETTLE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type SettleOutcome = (typeof SETTLE_OUTCOMES)[number];

/**
 * What a held payment lacks of what the deal expects (`posterPays`), in cents: 0 for a deal
 * that is whole or no longer holds the payment.
 */
export function shortBy(deal: { state: DealState; posterPays: number }, held: number): number {
  if (!(HOLDING_STATES as readonly DealState[]).includes(deal.state)) return 0;
  return Math.max(0, deal.posterPays - held);
}

/**
 * The most of the price a settlement gives the worker: what is held less the booking fee
 * (the platform keeps it whenever the worker is paid), at most the price. 0: the payment
 * holds too little to pay the worker, and only a refund settles it.
 */
export const settleShareLimit = (deal: { price: number; bookingFee: number }, held: number) =>
  Math.max(0, Math.min(deal.price, held - deal.bookingFee));
