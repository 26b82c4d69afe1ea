import { and, count, eq, gt, sql } from 'drizzle-orm';
import { NEW_ACCOUNT_DAYS, STALE_CASE_HOURS } from '../../../shared/operators/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { auditLog, moderationCases, user } from '../../platform/db/schema.ts';

export const HOUR_MS = 60 * 60 * 1000;

/** The console dashboard's figures: the review queue, operators' actions, new accounts. */
export async function dashboardFigures(db: Db) {
  const day = new Date(Date.now() - 24 * HOUR_MS);
  const month = new Date(Date.now() - 30 * 24 * HOUR_MS);
  const week = new Date(Date.now() - NEW_ACCOUNT_DAYS * 24 * HOUR_MS);
  const [[queue], [actions], [decided], [accounts]] = await Promise.all([
    db
      .select({
        open: count(),
        oldest: sql<Date | null>`min(${moderationCases.openedAt})`.mapWith((v) =>
          v ? new Date(v as string) : null,
        ),
        stale:
          sql<number>`count(*) filter (where ${moderationCases.openedAt} < now() - make_interval(hours => ${STALE_CASE_HOURS}))`.mapWith(
            Number,
          ),
      })
      .from(moderationCases)
      .where(eq(moderationCases.status, 'open')),
    db.select({ n: count() }).from(auditLog).where(gt(auditLog.at, day)),
    db
      .select({
        decided: count(),
        upheld: sql<number>`count(*) filter (where ${moderationCases.status} = 'upheld')`.mapWith(
          Number,
        ),
        medianHours: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${moderationCases.decidedAt} - ${moderationCases.openedAt}) / 3600)`.mapWith(
          (v) => (v === null ? null : Math.round(Number(v) * 10) / 10),
        ),
      })
      .from(moderationCases)
      .where(and(sql`${moderationCases.status} <> 'open'`, gt(moderationCases.decidedAt, month))),
    db
      .select({
        created: count(),
        suspended: sql<number>`count(*) filter (where ${user.banned})`.mapWith(Number),
        limited: sql<number>`count(*) filter (where ${user.limitedUntil} > now())`.mapWith(Number),
      })
      .from(user)
      .where(gt(user.createdAt, week)),
  ]);
  return {
    openItems: queue?.open ?? 0,
    oldestOpenHours: queue?.oldest
      ? Math.floor((Date.now() - queue.oldest.getTime()) / HOUR_MS)
      : null,
    staleItems: queue?.stale ?? 0,
    actionsLast24Hours: actions?.n ?? 0,
    upheldShare: decided?.decided ? decided.upheld / decided.decided : null,
    medianHoursToDecision: decided?.medianHours ?? null,
    newAccountsLast7Days: accounts?.created ?? 0,
    newAccountsSuspended: accounts?.suspended ?? 0,
    newAccountsLimited: accounts?.limited ?? 0,
  };
}
