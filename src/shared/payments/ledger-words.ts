/*
 * The ledger's words, as the operators' console shows a deal's ledger lines: apart from
 * words.ts, which the task page loads, so the console's words cost that page nothing.
 */
/** A ledger transaction's kind, as the console's ledger lines name it. */
export const LEDGER_KIND_WORDS: Record<string, string> = {
  fund: 'Payment in',
  release: 'Released',
  refund: 'Refund',
  split: 'Split',
  settle: 'Short payment settled',
  payout: 'Payout',
  correction: 'Correction',
  'price-increase': 'Price raised',
  'price-decrease': 'Price lowered',
  'processor-fee': 'Card processor’s fee',
  'late-payment': 'Late payment in',
  'late-refund': 'Late payment returned',
  chargeback: 'Chargeback lost',
  'dispute-fee': 'Chargeback fee',
  'dispute-fee-returned': 'Chargeback fee returned',
  'transfer-reversed': 'Payout reversed',
};

/** A ledger account's kind, as the console's ledger lines name it. */
export const LEDGER_ACCOUNT_WORDS: Record<string, string> = {
  card: 'Card',
  escrow: 'Secured payment',
  earnings: 'Worker’s earnings',
  'platform-fees': 'Platform fees',
  payouts: 'Paid out to the bank',
  'processor-fees': 'Card processor’s fees',
};
