import { z } from 'zod';
import { DEAL_STATES, FAULTS, OPERATOR_TWIN_ACTIONS } from './deal-machine.ts';
import { CURRENCIES } from './money.ts';

/** Why, in the person's words: kept on the deal's timeline. */
const reason = z.string().trim().min(3).max(1000);

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
  cancellationRequestedBy: z.enum(['owner', 'worker']).nullable(),
  cancellationFault: z.enum(FAULTS).nullable(),
  createdAt: z.string(),
  stateSince: z.string(),
  version: z.number().int(),
  /** What the deal's escrow account holds now (0 in every final state). */
  escrow: cents,
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

export const payResultSchema = z.object({
  deal: dealSchema,
  payment: z.object({
    chargeId: z.string(),
    status: z.enum(['succeeded', 'requires-authentication', 'processing']),
    /** Stripe: what the browser's Stripe.js finishes an authentication with. */
    clientSecret: z.string().optional(),
  }),
});
