import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEAL_STATES, FAULTS, LIVE_DEAL_STATES } from '../../../../shared/payments/deal-machine.ts';
import { CURRENCIES } from '../../../../shared/payments/money.ts';
import { oneOf, timestampNow } from './helpers.ts';

/* ---------- Payment protection: deals (features/deals) and the sandbox provider ---------- */

const SIDES = ['owner', 'worker'] as const;

/**
 * One secured payment for one accepted bid: the quote frozen onto it (cents), its state
 * (shared/payments/deal-machine.ts) and the moments its timers read. Ids of people, tasks and
 * bids are kept without foreign keys: a deal is a financial record that outlives them, as
 * the ledger does. One live deal per task (a partial unique index).
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    bidId: uuid('bid_id').notNull(),
    ownerId: text('owner_id').notNull(),
    workerId: text('worker_id').notNull(),
    state: text('state', { enum: DEAL_STATES }).notNull().default('awaiting-payment'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    bookingFee: bigint('booking_fee', { mode: 'number' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
    posterPays: bigint('poster_pays', { mode: 'number' }).notNull(),
    workerReceives: bigint('worker_receives', { mode: 'number' }).notNull(),
    scheduleVersion: text('schedule_version').notNull(),
    /** What the worker was credited when the money left escrow (all, or an operator's split). */
    workerCredited: bigint('worker_credited', { mode: 'number' }),
    /** Declined charges so far: each new attempt is a new charge (a repeat of one is not). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** The provider's charge, once the owner paid. */
    chargeId: text('charge_id'),
    /** The price (cents) the worker asked to raise it to, while the poster has not answered. */
    requestedPrice: bigint('requested_price', { mode: 'number' }),
    cancellationRequestedBy: text('cancellation_requested_by', { enum: SIDES }),
    cancellationFault: text('cancellation_fault', { enum: FAULTS }),
    createdAt: timestampNow('created_at'),
    /** When the deal entered its state: the timers count from it. */
    stateSince: timestampNow('state_since'),
    /** Bumped by every transition: what a screen's stale answer can be told from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    oneOf('deals_state_check', t.state, DEAL_STATES),
    oneOf('deals_currency_check', t.currency, CURRENCIES),
    uniqueIndex('deals_live_task_key')
      .on(t.taskId)
      .where(sql.raw(`state in (${LIVE_DEAL_STATES.map((s) => `'${s}'`).join(', ')})`)),
    index('deals_state_since_idx').on(t.state, t.stateSince),
    index('deals_owner_idx').on(t.ownerId),
    index('deals_worker_idx').on(t.workerId),
    // A processor's event names a charge: its deal found by key (decision 0672).
    index('deals_charge_idx')
      .on(t.chargeId)
      .where(sql`charge_id is not null`),
  ],
);

/**
 * A deal's timeline: every transition, who made it (a side, an operator, a timer or the
 * payment provider), and the reason they gave.
 */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id),
    at: timestampNow('at'),
    action: text('action').notNull(),
    actor: text('actor').notNull(),
    actorId: text('actor_id'),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    /** Figures of the move (cents), never personal data. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('deal_events_deal_idx').on(t.dealId, t.id),
    index('deal_events_actor_idx').on(t.actorId),
    // A raise's charge (and a paid step's) is named on the timeline: found by key too.
    index('deal_events_charge_idx')
      .on(sql`(${t.detail} ->> 'chargeId')`)
      .where(sql`(detail ->> 'chargeId') is not null`),
  ],
);

/** Every provider event applied, by its id: one delivered twice is applied once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestampNow('received_at'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});

/** The sandbox provider's own records (a stand-in for the processor's side, in our database). */
export const sandboxPayees = pgTable('sandbox_payees', {
  userId: text('user_id').primaryKey(),
  status: text('status', { enum: ['active'] }).notNull(),
  createdAt: timestampNow('created_at'),
});

export const SANDBOX_OPERATIONS = ['charge', 'refund', 'transfer'] as const;
export const SANDBOX_STATUSES = ['succeeded', 'declined', 'requires-authentication'] as const;

/** A charge, refund or transfer the sandbox made, with the event it will deliver. */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: SANDBOX_OPERATIONS }).notNull(),
    /** The caller's key: the same key gets the same operation back. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    dealId: uuid('deal_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: SANDBOX_STATUSES }).notNull(),
    cardLast4: text('card_last4'),
    /** A charge for a raised price: the deal's new price (cents) it pays the difference of. */
    price: bigint('price', { mode: 'number' }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [oneOf('sandbox_operations_kind_check', t.kind, SANDBOX_OPERATIONS)],
);
