import { z } from 'zod';
import { DEAL_REASON_LENGTH, DEAL_STATES, FAULTS, OPERATOR_TWIN_ACTIONS } from './deal-machine.ts';
import { CURRENCIES } from './money.ts';

/** Why, in the person's words: kept on the deal's timeline. */
const reason = z.string().trim().min(DEAL_REASON_LENGTH.min).max(DEAL_REASON_LENGTH.max);

export const dealIdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * The card the owner pays with: the sandbox reads a test number; with Stripe it is the
 * payment method id Stripe.js made in the browser (the card number never reaches us).
 */
export const payDealSchema = z.object({
  card: z
    .string()
    .trim()
    .regex(/^([\d -]{12,23}|pm_[A-Za-z0-9_]{1,200})$/, 'a card number or a payment method id'),
});

export const reasonBodySchema = z.object({ reason });

export const requestCancellationSchema = z.object({ reason, fault: z.enum(FAULTS) });

/** A new price in cents (checked against PRICE_LIMITS by the server, with its message). */
const newPrice = z.number().int();

/** The worker asks the poster for more (the new price, and why). */
export const askPriceIncreaseSchema = z.object({ price: newPrice, reason });

/** The poster approves the worker's asked price, paying the difference with a card. */
export const approvePriceIncreaseSchema = payDealSchema;

/** The poster raises the price at once, paying the difference with a card. */
export const raisePriceSchema = payDealSchema.extend({ price: newPrice });

/** An operator lowers the price: the difference goes back to the poster's card. */
export const lowerPriceSchema = z.object({ price: newPrice, reason });

/** An operator's ruling on a dispute: all to the worker, all back, or a share of the price. */
export const ruleDealSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('release'), reason }),
  z.object({ outcome: z.literal('refund'), reason }),
  z.object({ outcome: z.literal('split'), reason, workerShare: z.number().int().positive() }),
]);

/** An operator doing a person's step for them, with a reason. */
export const operatorActSchema = z.object({
  action: z.enum(OPERATOR_TWIN_ACTIONS as [string, ...string[]]),
  reason,
  fault: z.enum(FAULTS).optional(),
});

const cents = z.number().int();

export const dealSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  bidId: z.string(),
  ownerId: z.string(),
  workerId: z.string(),
  state: z.enum(DEAL_STATES),
  currency: z.enum(CURRENCIES),
  price: cents,
  bookingFee: cents,
  serviceFee: cents,
  posterPays: cents,
  workerReceives: cents,
  scheduleVersion: z.string(),
  workerCredited: cents.nullable(),
  /** The price the worker asked to raise it to, waiting for the poster's answer. */
  requestedPrice: cents.nullable(),
  cancellationRequestedBy: z.enum(['owner', 'worker']).nullable(),
  cancellationFault: z.enum(FAULTS).nullable(),
  createdAt: z.string(),
  stateSince: z.string(),
  version: z.number().int(),
  /** What the deal's escrow account holds now (0 in every final state). */
  escrow: cents,
  /** Which side the reader is on (null for an operator). */
  viewerSide: z.enum(['owner', 'worker']).nullable(),
  /** When the next timer acts (expiry, automatic release, a cancellation becoming a dispute). */
  nextTimerAt: z.string().nullable(),
  timeline: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      actor: z.string(),
      from: z.string(),
      to: z.string(),
      reason: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type DealView = z.infer<typeof dealSchema>;

export const moneySchema = z.object({ amount: cents, currency: z.enum(CURRENCIES) });

/** A refund or transfer the payment provider has not made: failed for good, or being retried. */
export const paymentCallSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'transfer']),
  dealId: z.string(),
  /** The deal's task; null once it is deleted. */
  taskTitle: z.string().nullable(),
  amount: moneySchema,
  status: z.enum(['failed', 'pending', 'sending']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When the outbox tries it next (a failed call: never, until an operator retries it). */
  nextAttemptAt: z.string().nullable(),
});
export type PaymentCall = z.infer<typeof paymentCallSchema>;

/** `failed`: given up on (refused, or out of attempts); `retrying`: failed at least once, still tried. */
export const PAYMENT_CALL_FILTERS = ['failed', 'retrying'] as const;

export const paymentCallListQuerySchema = z.object({
  status: z.enum(PAYMENT_CALL_FILTERS).default('failed'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const paymentCallIdParamsSchema = z.object({ id: z.string().max(100) });

/** The fee schedule in force, for the browser's own `quote()` (shared/payments/fees.ts). */
export const feeScheduleSchema = z.object({
  version: z.string(),
  currency: z.enum(CURRENCIES),
  bookingFee: z.object({ rate: cents, minimum: cents, cap: cents }),
  serviceFee: z.object({ bands: z.array(z.object({ upTo: cents.nullable(), rate: cents })) }),
});

export const paymentsConfigSchema = z.object({
  mode: z.enum(['off', 'sandbox', 'stripe']),
  /** The provider's name: the mode (`off` with payments off). */
  provider: z.string(),
  publishableKey: z.string().nullable(),
  feeSchedule: feeScheduleSchema,
});
export type PaymentsConfigView = z.infer<typeof paymentsConfigSchema>;

export const payeeStatusSchema = z.object({ status: z.enum(['none', 'pending', 'active']) });

/** One line in or out of a worker's earnings (a ledger posting), newest first. */
export const earningsLineSchema = z.object({
  at: z.string(),
  /** The ledger transaction's kind: `release`, `split`, `payout`, `correction`. */
  kind: z.string(),
  dealId: z.string().nullable(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  /** Positive into the earnings, negative out (a payout). */
  amount: moneySchema,
});
export type EarningsLine = z.infer<typeof earningsLineSchema>;

export const earningsSchema = z.object({
  /** Released to the worker and not paid out yet (their earnings account). */
  balance: moneySchema,
  /** Secured in deals going on, not released yet: what the worker receives once released. */
  pending: moneySchema,
  /** Sent to the worker's payout account so far. */
  paidOut: moneySchema,
  lines: z.array(earningsLineSchema),
  nextCursor: z.string().nullable(),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** A deal in the operators' list. */
export const adminDealItemSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskTitle: z.string().nullable(),
  state: z.enum(DEAL_STATES),
  ownerId: z.string(),
  workerId: z.string(),
  posterPays: cents,
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
  stateSince: z.string(),
  /** A dispute waiting for a ruling for 14 days or more. */
  escalated: z.boolean(),
});
export type AdminDealItem = z.infer<typeof adminDealItemSchema>;

export const adminDealListQuerySchema = z.object({
  state: z.enum(DEAL_STATES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** One posting of a deal's ledger transactions (the operators' deal page). */
export const dealLedgerLineSchema = z.object({
  at: z.string(),
  /** The transaction's kind: fund, release, refund, split, payout. */
  kind: z.string(),
  transactionId: z.string(),
  /** card, escrow, earnings, platform-fees, payouts, processor-fees. */
  accountKind: z.string(),
  /** The deal (escrow) or the worker (earnings); null for the platform's accounts. */
  accountOwner: z.string().nullable(),
  amount: moneySchema,
});
export type DealLedgerLine = z.infer<typeof dealLedgerLineSchema>;

/** A deal as the operators' console reads it: with its task's title, ledger lines and escalation. */
export const adminDealSchema = dealSchema.extend({
  /** Null once the task is deleted. */
  taskTitle: z.string().nullable(),
  ledger: z.array(dealLedgerLineSchema),
  escalated: z.boolean(),
  /**
   * What the card processor did that operators must look at (a refund made in its dashboard,
   * a chargeback, a reversed transfer), oldest first; `chargebackOpen` while the deal's money
   * steps wait for a chargeback's outcome.
   */
  attention: z.array(z.object({ at: z.string(), action: z.string() })),
  chargebackOpen: z.boolean(),
});
export type AdminDeal = z.infer<typeof adminDealSchema>;

export const payResultSchema = z.object({
  deal: dealSchema,
  payment: z.object({
    chargeId: z.string(),
    status: z.enum(['succeeded', 'requires-authentication', 'processing']),
    /** Stripe: what the browser's Stripe.js finishes an authentication with. */
    clientSecret: z.string().optional(),
  }),
});
