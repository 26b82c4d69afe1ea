import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  isEscalated,
  LIVE_DEAL_STATES,
  type DealState,
} from '../../../shared/payments/deal-machine.ts';
import type { AdminDealItem, DealLedgerLine, DealView } from '../../../shared/payments/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import {
  deals,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  tasks,
} from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { dealView } from './repository.ts';

export const NO_DEAL = 'This task has no deal of yours.';

/**
 * The task's deal as one of its sides reads it: the one going on, else the latest. Anyone
 * else (and a task without a deal) gets a 404: a deal is not shown to strangers, not even
 * that it exists.
 */
export async function taskDealFor(db: Db, taskId: string, userId: string): Promise<DealView> {
  const live = sql`${deals.state} in (${sql.join(
    LIVE_DEAL_STATES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const [deal] = isUuid(taskId)
    ? await db
        .select()
        .from(deals)
        .where(
          and(eq(deals.taskId, taskId), or(eq(deals.ownerId, userId), eq(deals.workerId, userId))),
        )
        .orderBy(desc(live), desc(deals.createdAt))
        .limit(1)
    : [];
  if (!deal) throw notFound(NO_DEAL);
  return dealView(db, deal, userId);
}

/**
 * Deals for the operators' console, newest first, optionally in one state (the disputed
 * ones, say), each marked `escalated` when its dispute waited past DISPUTE_ESCALATION_DAYS.
 * `cursor` is the previous page's `nextCursor` (created-at and id).
 */
export async function adminDealList(
  db: Db,
  query: { state?: DealState; cursor?: string; limit: number },
  now = new Date(),
) {
  let after: SQL | undefined;
  if (query.cursor !== undefined) {
    const [at, id] = query.cursor.split('|');
    const time = new Date(at ?? '');
    if (Number.isNaN(time.getTime()) || !id || !isUuid(id)) throw badRequest('Unknown cursor.');
    after = or(lt(deals.createdAt, time), and(eq(deals.createdAt, time), lt(deals.id, id)));
  }
  const rows = await db
    .select({
      id: deals.id,
      taskId: deals.taskId,
      taskTitle: tasks.title,
      state: deals.state,
      ownerId: deals.ownerId,
      workerId: deals.workerId,
      posterPays: deals.posterPays,
      currency: deals.currency,
      createdAt: deals.createdAt,
      stateSince: deals.stateSince,
    })
    .from(deals)
    .leftJoin(tasks, eq(tasks.id, deals.taskId))
    .where(and(query.state ? eq(deals.state, query.state) : undefined, after))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r): AdminDealItem => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      stateSince: r.stateSince.toISOString(),
      escalated: isEscalated(r, now),
    })),
    nextCursor:
      rows.length > query.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

/** A deal's task's title; null once the task is deleted. */
export async function taskTitleOf(db: Db, taskId: string): Promise<string | null> {
  const [task] = await db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, taskId));
  return task?.title ?? null;
}

/** The postings of a deal's ledger transactions, in order: what moved, from and to where. */
export async function dealLedger(db: Db, dealId: string): Promise<DealLedgerLine[]> {
  const rows = await db
    .select({
      at: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      transactionId: ledgerTransactions.id,
      accountKind: ledgerAccounts.kind,
      accountOwner: ledgerAccounts.ownerId,
      amount: ledgerPostings.amount,
      currency: ledgerPostings.currency,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerTransactions.ref, dealId))
    .orderBy(asc(ledgerPostings.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    kind: r.kind,
    transactionId: r.transactionId,
    accountKind: r.accountKind,
    accountOwner: r.accountOwner,
    amount: { amount: r.amount, currency: r.currency },
  }));
}
