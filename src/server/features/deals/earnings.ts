import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { LIVE_DEAL_STATES } from '../../../shared/payments/deal-machine.ts';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/payments/fees.ts';
import type { Earnings, EarningsLine } from '../../../shared/payments/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  deals,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  tasks,
} from '../../platform/db/schema.ts';
import { toCsv } from '../../platform/http/csv.ts';
import { badRequest } from '../../platform/http/errors.ts';

/** The states whose money is secured for the worker and not released yet. */
const HELD = LIVE_DEAL_STATES.filter((s) => s !== 'awaiting-payment' && s !== 'released');

/** The worker's earnings lines, newest first: `limit` from before the posting `before`. */
async function linesOf(db: Db, userId: string, limit: number, before?: number) {
  const rows = await db
    .select({
      id: ledgerPostings.id,
      at: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      dealId: ledgerTransactions.ref,
      taskId: deals.taskId,
      taskTitle: tasks.title,
      amount: ledgerPostings.amount,
      currency: ledgerPostings.currency,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .leftJoin(deals, sql`${deals.id}::text = ${ledgerTransactions.ref}`)
    .leftJoin(tasks, eq(tasks.id, deals.taskId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'earnings'),
        eq(ledgerAccounts.ownerId, userId),
        before === undefined ? undefined : lt(ledgerPostings.id, before),
      ),
    )
    .orderBy(desc(ledgerPostings.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    line: {
      at: r.at.toISOString(),
      kind: r.kind,
      dealId: r.dealId,
      taskId: r.taskId,
      taskTitle: r.taskTitle,
      amount: { amount: r.amount, currency: r.currency },
    } satisfies EarningsLine,
  }));
}

/**
 * A worker's earnings (USD for now): what was released to them and waits for a payout (their
 * earnings account), what deals going on hold for them, what was paid out, and one page of
 * the lines in and out of their earnings, newest first (`cursor`: the previous page's
 * `nextCursor`).
 */
export async function earningsOf(
  db: Db,
  userId: string,
  limit: number,
  cursor?: string,
): Promise<Earnings> {
  if (cursor !== undefined && !/^\d{1,15}$/.test(cursor)) throw badRequest('Unknown cursor.');
  const currency = DEFAULT_FEE_SCHEDULE.currency;
  const money = (amount: number | string | null) => ({ amount: Number(amount ?? 0), currency });
  const [account] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'earnings'),
        eq(ledgerAccounts.ownerId, userId),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  const [held] = await db
    .select({ sum: sql<string | null>`sum(${deals.workerReceives})` })
    .from(deals)
    .where(and(eq(deals.workerId, userId), inArray(deals.state, HELD)));
  const [out] = account
    ? await db
        .select({ sum: sql<string | null>`-sum(${ledgerPostings.amount})` })
        .from(ledgerPostings)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(and(eq(ledgerPostings.accountId, account.id), eq(ledgerTransactions.kind, 'payout')))
    : [];
  const rows = await linesOf(db, userId, limit + 1, cursor === undefined ? undefined : +cursor);
  const page = rows.slice(0, limit);
  return {
    balance: money(account?.balance ?? 0),
    pending: money(held?.sum ?? 0),
    paidOut: money(out?.sum ?? 0),
    lines: page.map((r) => r.line),
    nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null,
  };
}

/** Cents as dollars with two decimals (`12.50`). */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/** How many lines one CSV holds at most (years of work for a busy worker). */
const CSV_MAX_LINES = 10_000;

/**
 * The CSV's columns: money in and out of the earnings in two columns of positive amounts
 * (a leading minus would be read as a formula and neutralised by `toCsv`).
 */
const CSV_COLUMNS: readonly [string, (line: EarningsLine) => unknown][] = [
  ['date', (l) => l.at],
  ['kind', (l) => l.kind],
  ['deal_id', (l) => l.dealId],
  ['task_id', (l) => l.taskId],
  ['task_title', (l) => l.taskTitle],
  ['in', (l) => (l.amount.amount > 0 ? dollarsOf(l.amount.amount) : '')],
  ['out', (l) => (l.amount.amount < 0 ? dollarsOf(-l.amount.amount) : '')],
  ['currency', (l) => l.amount.currency],
];

/** Every line of the worker's earnings (up to CSV_MAX_LINES) as CSV, newest first. */
export async function earningsCsv(db: Db, userId: string): Promise<string> {
  const rows = await linesOf(db, userId, CSV_MAX_LINES);
  return toCsv(
    CSV_COLUMNS,
    rows.map((r) => r.line),
  );
}
