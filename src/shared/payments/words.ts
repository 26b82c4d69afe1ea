import type { DealState } from './deal-machine.ts';
import type { Quote } from './fees.ts';
import type { Money } from './money.ts';

/*
 * What people read about payment protection, in one place: the screens, and anything else
 * that names a deal's state or step. Never "escrow" (a legal term): "secured payment".
 */

/** A deal's state in plain words. */
export const DEAL_STATE_WORDS: Record<DealState, string> = {
  'awaiting-payment': 'Waiting for payment',
  funded: 'Payment secured',
  'payment-requested': 'Payment requested',
  released: 'Payment released',
  'paid-out': 'Paid out',
  'cancellation-requested': 'Cancellation requested',
  disputed: 'In dispute',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** What a deal's next timer does, with the time left, by the state it waits in. */
export const DEAL_TIMER_WORDS: Partial<Record<DealState, (left: string) => string>> = {
  'awaiting-payment': (left) => `Pay within ${left}, or the offer expires.`,
  'payment-requested': (left) => `The payment releases itself in ${left}.`,
  'cancellation-requested': (left) => `Unanswered, this becomes a dispute in ${left}.`,
  released: () => 'Paid out to the worker once they have set up payouts.',
};

/** The sandbox's test cards, as the pay screen lists them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0025 0000 3155', outcome: 'asks you to authenticate' },
] as const;

export const PAYMENT_WORDS = {
  protection: 'Payment protection',
  testMode: 'Test mode: no real money moves.',
  secured:
    'Your payment is secured by TaskBid and released to the worker only when you say the work is done.',
  payTitle: 'Secure the payment',
  acceptNote:
    'Next you pay by card. The task is assigned to this bidder, and every other bid declined, once the payment is secured.',
  workerNet: (amount: string) => `You receive ${amount} after fees`,
  youPay: (amount: string) => `You pay ${amount}`,
  authenticate: 'Your bank asks you to confirm this payment.',
  noCardForm: 'Card payments are not available on this server yet. Please try again later.',
  cardNumber: 'Card number',
} as const;

/** Money as people read it: `$1,234.50` from 123450 cents. */
export function formatCents(value: Money | number): string {
  const cents = typeof value === 'number' ? value : value.amount;
  const sign = cents < 0 ? '−' : '';
  const dollars = Math.abs(cents) / 100;
  return `${sign}$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Dollars with two decimals (a bid's amount) as whole cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A label and cents, as a money list shows them. */
export interface AmountLine {
  label: string;
  amount: number;
}

/** What the poster pays for a job at a price: its lines, and the total. */
export function posterLines(q: Quote): { rows: AmountLine[]; total: AmountLine } {
  return {
    rows: q.lines
      .filter((line) => line.payer === 'poster')
      .map((line) => ({ label: line.label, amount: line.amount.amount })),
    total: { label: 'You pay', amount: q.totals.posterPays.amount },
  };
}

/** A deal's frozen figures as its side reads them. */
export function dealLines(
  deal: {
    price: number;
    bookingFee: number;
    serviceFee: number;
    posterPays: number;
    workerReceives: number;
  },
  side: 'owner' | 'worker',
): { rows: AmountLine[]; total: AmountLine } {
  return side === 'owner'
    ? {
        rows: [
          { label: 'Price', amount: deal.price },
          { label: 'Booking fee', amount: deal.bookingFee },
        ],
        total: { label: 'You pay', amount: deal.posterPays },
      }
    : {
        rows: [
          { label: 'Price', amount: deal.price },
          { label: 'Service fee', amount: -deal.serviceFee },
        ],
        total: { label: 'You receive', amount: deal.workerReceives },
      };
}

/** Who is at fault for a cancellation, as the form offers it. */
export const FAULT_WORDS = {
  owner: 'The poster',
  worker: 'The worker',
  nobody: 'Nobody',
} as const;

/**
 * The buttons of a deal's two sides: the route step each takes, the machine's action it
 * is (for the side looking, `mayDeal` says whether it shows), and what its dialog asks.
 */
export const DEAL_STEP_BUTTONS = [
  {
    step: 'request-payment',
    action: () => 'request-payment',
    label: 'Request payment',
    ask: 'none',
    question: 'Ask the poster to release the payment? They have 5 days to answer.',
  },
  {
    step: 'release',
    action: () => 'release',
    label: 'Release payment',
    ask: 'none',
    question: 'Release the payment to the worker? This cannot be undone.',
  },
  {
    step: 'ask-changes',
    action: () => 'ask-changes',
    label: 'Ask for changes',
    ask: 'reason',
    question: 'Say what is still to be done. The payment stays secured.',
  },
  {
    step: 'agree-cancellation',
    action: (side: 'owner' | 'worker') => `${side}-agrees-cancellation`,
    label: 'Agree to cancel',
    ask: 'none',
    question: 'Cancel the deal? The payment goes back to the poster.',
  },
  {
    step: 'decline-cancellation',
    action: (side: 'owner' | 'worker') => `${side}-declines-cancellation`,
    label: 'Decline to cancel',
    ask: 'reason',
    question: 'Say why. The deal goes to an operator, who decides.',
  },
  {
    step: 'request-cancellation',
    action: (side: 'owner' | 'worker') => `${side}-requests-cancellation`,
    label: 'Request cancellation',
    ask: 'fault',
    question: 'Say why, and whose fault it is. The other side agrees or declines.',
  },
  {
    step: 'withdraw',
    action: () => 'withdraw-offer',
    label: 'Withdraw offer',
    ask: 'none',
    question: 'Withdraw without paying? The bid goes back to the list.',
  },
] as const;

/** Changing the price while the payment is secured: the deal panel's and console's words. */
export const PRICE_WORDS = {
  askMore: 'Ask for more',
  askQuestion:
    'Ask the poster for a higher price and say why. They approve and pay the difference, or decline.',
  raise: 'Raise the price',
  raiseQuestion:
    'Pay the difference now: the worker receives the new price when you release the payment.',
  approve: (amount: string) => `Approve and pay ${amount}`,
  approveQuestion: (price: string) =>
    `Approve the new price of ${price}? You pay the difference now, with its booking fee.`,
  decline: 'Decline',
  declineQuestion: 'Decline the higher price? The price stays as it is.',
  newPrice: 'New price',
  asked: (price: string, more: string) =>
    `The worker asks for ${price}: you would pay ${more} more.`,
  waiting: (price: string) => `You asked for ${price}: waiting for the poster’s answer.`,
  youPayMore: (amount: string) => `You pay ${amount} more`,
  workerWouldReceive: (amount: string) => `You would receive ${amount} after fees`,
  lower: 'Lower the price',
  askForWorker: 'Ask for more for the worker',
  askForWorkerNote:
    'The poster is asked to approve and pay the difference, or decline. Both sides are told, with your reason.',
  declineForPoster: 'Decline the ask for the poster',
  declineForPosterNote: (price: string) =>
    `The worker asks for ${price}. Declined, the price stays as it is; both sides are told, with your reason.`,
  lowerNote:
    'The difference, with its booking fee, goes back to the poster’s card. The worker and the poster are told, with your reason.',
  authenticate: 'Authenticate',
} as const;

/** A payout account's state, in words. */
export const PAYEE_WORDS = {
  none: 'Not set up: released payments wait in your earnings.',
  pending: 'Waiting for your details: finish the set-up to be paid.',
  active: 'Active: released payments are paid out to you.',
} as const;

/** A line of a worker's earnings, by its ledger kind (the kind itself when not listed). */
export const EARNINGS_KIND_WORDS: Record<string, string> = {
  release: 'Payment released',
  split: 'Share of a split payment',
  payout: 'Paid out',
  correction: 'Correction',
};
