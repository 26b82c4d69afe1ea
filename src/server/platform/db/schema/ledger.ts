import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../../../shared/payments/money.ts';
import { oneOf, timestampNow } from './helpers.ts';

/* ---------- The payments ledger (double entry; features/payments/ledger.ts posts) ---------- */

/**
 * The kinds of ledger account. Boundary accounts stand for money outside the platform
 * (`card`: payments in; `payouts`: transfers out; `processor-fees`: what the card processor
 * charges); `escrow` holds one deal's secured payment; `earnings` a worker's money not yet
 * paid out; `platform-fees` the platform's own fee income.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'card',
  'payouts',
  'processor-fees',
  'escrow',
  'earnings',
  'platform-fees',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The kinds that belong to someone: escrow to a deal, earnings to a user (`owner_id`). */
export const OWNED_ACCOUNT_KINDS = ['escrow', 'earnings'] as const;

/**
 * One account of the ledger, per kind, owner and currency (unique, so get-or-create is safe
 * under concurrency). `balance` is the sum of its postings, kept by the posting transaction
 * under a row lock; an account that may not go negative is refused a posting that would
 * take it below zero (and a CHECK says so again). `owner_id` is a deal id or a user id, so it
 * has no foreign key: the ledger outlives both (legal retention).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    ownerId: text('owner_id'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    mayGoNegative: boolean('may_go_negative').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    unique('ledger_accounts_kind_owner_currency_key')
      .on(t.kind, t.ownerId, t.currency)
      .nullsNotDistinct(),
    // The target of the postings' (account, currency) key: a posting is in its account's currency.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    oneOf('ledger_accounts_kind_check', t.kind, LEDGER_ACCOUNT_KINDS),
    oneOf('ledger_accounts_currency_check', t.currency, CURRENCIES),
    check('ledger_accounts_balance_check', sql`${t.mayGoNegative} or ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} in ('escrow', 'earnings')) = (${t.ownerId} is not null)`,
    ),
  ],
);

/**
 * One movement of money: its postings sum to zero per currency. `idempotency_key` is unique:
 * posting the same key again returns this row and changes nothing. Insert-only (a trigger in
 * the migration refuses UPDATE, DELETE and TRUNCATE): a correction is a new transaction.
 * `metadata` holds ids and figures, never personal data (it can never be erased).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What happened: `fund`, `release`, `refund`, `payout`, … (the caller's word). */
    kind: text('kind').notNull(),
    /** What it is about (a deal id), for reading a deal's history. */
    ref: text('ref'),
    createdAt: timestampNow('created_at'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('ledger_transactions_ref_idx').on(t.ref, t.createdAt)],
);

/** One line of a transaction: a signed amount (minor units) into one account. Insert-only. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id').notNull(),
    /** Positive: money into the account; negative: out of it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_postings_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);
