import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isMinorUnits, type Currency, type Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  OWNED_ACCOUNT_KINDS,
  type LedgerAccountKind,
} from '../../platform/db/schema.ts';

/*
 * The double-entry ledger: every movement of money is one transaction whose postings sum to
 * zero per currency, written once (insert-only tables) under an idempotency key. Balances are
 * kept on the accounts by the posting itself, under row locks taken in id order.
 */

/** Why the ledger refused a transaction (`code`), with a sentence naming what and where. */
export type LedgerErrorCode =
  | 'INVALID_TRANSACTION'
  | 'UNBALANCED'
  | 'UNKNOWN_ACCOUNT'
  | 'CURRENCY_MISMATCH'
  | 'INSUFFICIENT_FUNDS'
  | 'IDEMPOTENCY_CONFLICT';

/**
 * A refusal of the ledger. The first four are bugs of the caller (it built a wrong
 * transaction); `INSUFFICIENT_FUNDS` and `IDEMPOTENCY_CONFLICT` are states a caller may turn
 * into a 409 where it decides. Nothing of the refused transaction is written.
 */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}

/** Accounts that never hold less than nothing: a deal's secured money, a worker's earnings. */
const NEVER_NEGATIVE: readonly LedgerAccountKind[] = ['escrow', 'earnings'];

export interface LedgerAccount {
  id: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
  currency: Currency;
  mayGoNegative: boolean;
  balance: number;
}

const accountColumns = {
  id: ledgerAccounts.id,
  kind: ledgerAccounts.kind,
  ownerId: ledgerAccounts.ownerId,
  currency: ledgerAccounts.currency,
  mayGoNegative: ledgerAccounts.mayGoNegative,
  balance: ledgerAccounts.balance,
};

/**
 * The account of `kind` for `owner` (a deal id for escrow, a user id for earnings, null for
 * the platform's own and boundary accounts) in `currency`, made on first use. Safe when many
 * ask at once: the (kind, owner, currency) key is unique and a lost race reads the winner's.
 */
export async function accountFor(
  tx: Db,
  kind: LedgerAccountKind,
  owner: string | null,
  currency: Currency,
): Promise<LedgerAccount> {
  const owned = (OWNED_ACCOUNT_KINDS as readonly string[]).includes(kind);
  if (owned !== (owner !== null))
    throw new LedgerError(
      'INVALID_TRANSACTION',
      owned ? `A ${kind} account needs an owner.` : `A ${kind} account has no owner.`,
    );
  const [made] = await tx
    .insert(ledgerAccounts)
    .values({ kind, ownerId: owner, currency, mayGoNegative: !NEVER_NEGATIVE.includes(kind) })
    .onConflictDoNothing()
    .returning(accountColumns);
  if (made) return made;
  const [found] = await tx
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, kind),
        owner === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, owner),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  if (!found) throw new Error(`ledger account ${kind}/${owner}/${currency} neither made nor found`);
  return found;
}

/** An account's balance: the sum of its postings (positive: money held). */
export async function balanceOf(tx: Db, accountId: string): Promise<Money> {
  if (!isUuid(accountId))
    throw new LedgerError('UNKNOWN_ACCOUNT', `No ledger account ${accountId}.`);
  const [row] = await tx
    .select({ amount: ledgerAccounts.balance, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) throw new LedgerError('UNKNOWN_ACCOUNT', `No ledger account ${accountId}.`);
  return row;
}

/** One line of a transaction: `amount` into `account` (negative: out of it). */
export interface PostingInput {
  account: string;
  amount: Money;
}

export interface TransactionInput {
  /** The caller's name for this movement, unique forever: `deal:<id>:fund`. */
  idempotencyKey: string;
  /** What happened: `fund`, `release`, `refund`, `payout`, `correction`, … */
  kind: string;
  /** What it is about (a deal id), or nothing. */
  ref?: string | null;
  postings: readonly PostingInput[];
  /** Ids and figures for the record; never personal data (it can never be erased). */
  metadata?: Record<string, unknown>;
}

export interface LedgerTransaction {
  id: string;
  idempotencyKey: string;
  kind: string;
  ref: string | null;
  createdAt: Date;
  metadata: Record<string, unknown>;
  postings: PostingInput[];
  /** True when the key had been posted before: this is that transaction, nothing changed. */
  replayed: boolean;
}

/** The longest idempotency key taken. */
export const MAX_IDEMPOTENCY_KEY = 200;

/**
 * Posts one transaction, all of it or nothing (in a savepoint of `tx`, or a transaction of
 * its own when `tx` is the database). Refuses postings that are not whole non-zero minor
 * units, that do not sum to zero per currency, or whose currency is not their account's.
 * Idempotent: a key posted before returns that transaction and changes nothing, unless the
 * kind, ref or postings differ (`IDEMPOTENCY_CONFLICT`). The accounts are locked in id order
 * (SELECT … ORDER BY id FOR NO KEY UPDATE: the balance is no key, so other transactions'
 * postings may still reference the rows meanwhile) before their balances move, so concurrent postings over
 * the same accounts queue instead of deadlocking; one that would take an escrow or earnings
 * account below zero is refused (`INSUFFICIENT_FUNDS`). Call it before locking ledger rows
 * any other way in the same transaction.
 */
export async function postTransaction(tx: Db, input: TransactionInput): Promise<LedgerTransaction> {
  const deltas = checkTransaction(input);
  const ref = input.ref ?? null;
  const metadata = input.metadata ?? {};
  return tx.transaction(async (inner) => {
    const [created] = await inner
      .insert(ledgerTransactions)
      .values({ idempotencyKey: input.idempotencyKey, kind: input.kind, ref, metadata })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id, createdAt: ledgerTransactions.createdAt });
    if (!created) return replay(inner, input);

    const ids = [...deltas.keys()].sort();
    const locked = await inner
      .select(accountColumns)
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids))
      .orderBy(asc(ledgerAccounts.id))
      .for('no key update');
    const byId = new Map(locked.map((account) => [account.id, account]));
    for (const id of ids) {
      const account = byId.get(id);
      if (!account) throw new LedgerError('UNKNOWN_ACCOUNT', `No ledger account ${id}.`);
      const { currency, delta } = deltas.get(id)!;
      if (account.currency !== currency)
        throw new LedgerError(
          'CURRENCY_MISMATCH',
          `Account ${id} (${account.kind}) is in ${account.currency}; a posting to it is in ${currency}.`,
        );
      const next = BigInt(account.balance) + delta;
      if (!Number.isSafeInteger(Number(next)))
        throw new LedgerError(
          'INVALID_TRANSACTION',
          `Transaction ${input.idempotencyKey} would take account ${id} past ${Number.MAX_SAFE_INTEGER}.`,
        );
      if (!account.mayGoNegative && next < 0n)
        throw new LedgerError(
          'INSUFFICIENT_FUNDS',
          `The ${account.kind} account ${id} holds ${account.balance}; ` +
            `${-delta} cannot leave it (transaction ${input.idempotencyKey}).`,
        );
    }

    // The postings and the balances in one statement: one round trip while the locks are held.
    const rows = input.postings.map(
      (p) =>
        sql`(${created.id}::uuid, ${p.account}::uuid, ${p.amount.amount}::bigint, ${p.amount.currency})`,
    );
    const cases = ids.map(
      (id) => sql`when ${id}::uuid then ${deltas.get(id)!.delta.toString()}::bigint`,
    );
    await inner.execute(sql`
      with lines as (
        insert into ${ledgerPostings} (transaction_id, account_id, amount, currency)
        values ${sql.join(rows, sql`, `)}
      )
      update ${ledgerAccounts} set balance = balance + case id ${sql.join(cases, sql` `)} end
      where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);

    return {
      id: created.id,
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      ref,
      createdAt: created.createdAt,
      metadata,
      postings: input.postings.map((p) => ({ account: p.account, amount: { ...p.amount } })),
      replayed: false,
    };
  });
}

/**
 * Checks a transaction before any SQL: returns each account's net change. Throws
 * `INVALID_TRANSACTION` or `UNBALANCED`.
 */
function checkTransaction(
  input: TransactionInput,
): Map<string, { currency: Currency; delta: bigint }> {
  const invalid = (why: string) => new LedgerError('INVALID_TRANSACTION', why);
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY)
    throw invalid(`An idempotency key is 1 to ${MAX_IDEMPOTENCY_KEY} characters.`);
  if (typeof input.kind !== 'string' || input.kind.length === 0)
    throw invalid(`Transaction ${key} has no kind.`);
  if (input.postings.length < 2) throw invalid(`Transaction ${key} needs at least two postings.`);
  // Summed as BigInts: a sum of safe integers need not be one, and must not round to zero.
  const deltas = new Map<string, { currency: Currency; delta: bigint }>();
  const sums = new Map<Currency, bigint>();
  for (const { account, amount } of input.postings) {
    if (!isMinorUnits(amount.amount) || amount.amount === 0)
      throw invalid(
        `Transaction ${key}: a posting is a non-zero whole number of minor units; got ${amount.amount}.`,
      );
    if (!isUuid(account)) throw new LedgerError('UNKNOWN_ACCOUNT', `No ledger account ${account}.`);
    const seen = deltas.get(account);
    if (seen && seen.currency !== amount.currency)
      throw new LedgerError(
        'CURRENCY_MISMATCH',
        `Transaction ${key} posts to account ${account} in both ${seen.currency} and ${amount.currency}.`,
      );
    const cents = BigInt(amount.amount);
    deltas.set(account, { currency: amount.currency, delta: (seen?.delta ?? 0n) + cents });
    sums.set(amount.currency, (sums.get(amount.currency) ?? 0n) + cents);
  }
  for (const [currency, sum] of sums)
    if (sum !== 0n)
      throw new LedgerError(
        'UNBALANCED',
        `Transaction ${key} does not balance: its ${currency} postings sum to ${sum}, not 0.`,
      );
  return deltas;
}

/** The transaction a key was posted with, when this call asks for the same; else a conflict. */
async function replay(tx: Db, input: TransactionInput): Promise<LedgerTransaction> {
  const [existing] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
  const postings = await tx
    .select({
      account: ledgerPostings.accountId,
      amount: ledgerPostings.amount,
      currency: ledgerPostings.currency,
    })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, existing.id))
    .orderBy(asc(ledgerPostings.id));
  const stored = postings.map((p) => ({
    account: p.account,
    amount: { amount: p.amount, currency: p.currency },
  }));
  const same =
    existing.kind === input.kind &&
    existing.ref === (input.ref ?? null) &&
    fingerprint(stored) === fingerprint(input.postings);
  if (!same)
    throw new LedgerError(
      'IDEMPOTENCY_CONFLICT',
      `Transaction ${input.idempotencyKey} was posted before with other ${
        existing.kind !== input.kind
          ? 'kind'
          : existing.ref !== (input.ref ?? null)
            ? 'ref'
            : 'postings'
      }; a key names one transaction forever.`,
    );
  return {
    id: existing.id,
    idempotencyKey: existing.idempotencyKey,
    kind: existing.kind,
    ref: existing.ref,
    createdAt: existing.createdAt,
    metadata: existing.metadata,
    postings: stored,
    replayed: true,
  };
}

/** The postings as an order-free string, to tell a true replay from a different transaction. */
function fingerprint(postings: readonly PostingInput[]): string {
  return postings
    .map((p) => `${p.account} ${p.amount.currency} ${p.amount.amount}`)
    .sort()
    .join('\n');
}

/**
 * The ledger's self-check: the sum of all balances per currency (always zero) and the
 * accounts whose balance is not the sum of their postings (always none).
 */
export async function reconcile(
  tx: Db,
): Promise<{ totals: Record<string, number>; mismatched: string[] }> {
  const totals = await tx
    .select({
      currency: ledgerAccounts.currency,
      total: sql<string>`sum(${ledgerAccounts.balance})`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.currency);
  const mismatched = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.balance} <> coalesce((select sum(${ledgerPostings.amount}) from ${ledgerPostings} where ${ledgerPostings.accountId} = ${ledgerAccounts.id}), 0)`,
    );
  return {
    totals: Object.fromEntries(totals.map((t) => [t.currency, Number(t.total)])),
    mismatched: mismatched.map((m) => m.id),
  };
}
