import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestampNow } from './helpers.ts';

/* ---------- Payment protection: a network payment provider's side (features/deals) ---------- */

export const STRIPE_ACCOUNT_STATUSES = ['pending', 'active'] as const;

/**
 * A person's Stripe connected account (Express), made when they start onboarding; `active`
 * once Stripe's `account.updated` says it can be paid out. No foreign key to the user: like
 * deals, the link to money sent outlives the account row.
 */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    userId: text('user_id').primaryKey(),
    accountId: text('account_id').notNull().unique(),
    status: text('status', { enum: STRIPE_ACCOUNT_STATUSES }).notNull().default('pending'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [oneOf('stripe_accounts_status_check', t.status, STRIPE_ACCOUNT_STATUSES)],
);

export const PAYMENT_OUTBOX_KINDS = ['transfer', 'refund'] as const;
export const PAYMENT_OUTBOX_STATUSES = ['pending', 'sending', 'done', 'failed'] as const;

/**
 * A provider call a deal's transition decided, written in the transition's transaction and
 * made afterwards by the deals' job (a network call never runs inside a database
 * transaction). `idempotency_key` is the provider's key: every attempt sends the same one.
 */
export const paymentOutbox = pgTable(
  'payment_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: PAYMENT_OUTBOX_KINDS }).notNull(),
    dealId: uuid('deal_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The call's input as the provider takes it (ids and cents only). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: PAYMENT_OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampNow('next_attempt_at'),
    lastError: text('last_error'),
    /** The provider's id of what the call made (a transfer, a refund). */
    resultId: text('result_id'),
    createdAt: timestampNow('created_at'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('payment_outbox_kind_check', t.kind, PAYMENT_OUTBOX_KINDS),
    oneOf('payment_outbox_status_check', t.status, PAYMENT_OUTBOX_STATUSES),
    index('payment_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    // The console's failed calls, newest first: few rows among every call ever made.
    index('payment_outbox_failed_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'failed'`),
  ],
);
