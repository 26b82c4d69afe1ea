import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { QueueItem } from '../../../shared/operators/schema.ts';
import type { RuleId } from '../../../shared/operators/rules.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { moderationCases, reports, user } from '../../platform/db/schema.ts';
import { HOUR_MS } from './dashboard.ts';
import { moderationOf } from './moderation.ts';

/** A page of the open items, highest score first, then the oldest. */
export async function reviewQueuePage(
  db: Db,
  page: number,
  limit: number,
): Promise<Page<QueueItem>> {
  const open = eq(moderationCases.status, 'open');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: moderationCases.id,
        targetType: moderationCases.targetType,
        targetId: moderationCases.targetId,
        authorId: moderationCases.authorId,
        authorName: user.name,
        score: moderationCases.score,
        reportCount: moderationCases.reportCount,
        status: moderationCases.status,
        assignedTo: moderationCases.assignedTo,
        openedAt: moderationCases.openedAt,
      })
      .from(moderationCases)
      .leftJoin(user, eq(user.id, moderationCases.authorId))
      .where(open)
      .orderBy(desc(moderationCases.score), asc(moderationCases.openedAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(moderationCases).where(open),
  ]);
  const filed = rows.length
    ? await db
        .select({
          caseId: reports.caseId,
          category: reports.category,
          comment: reports.comment,
          snapshot: reports.snapshot,
        })
        .from(reports)
        .where(
          inArray(
            reports.caseId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(reports.createdAt))
    : [];
  // Each thing's moderation now (a page is at most a hundred items: one read each).
  const states = await Promise.all(
    rows.map((row) => moderationOf(db, row.targetType, row.targetId)),
  );
  return {
    items: rows.map((row, i) => {
      const mine = filed.filter((r) => r.caseId === row.id);
      return {
        ...row,
        moderation: states[i]?.state ?? null,
        openedAt: row.openedAt.toISOString(),
        ageHours: Math.floor((Date.now() - row.openedAt.getTime()) / HOUR_MS),
        categories: [...new Set(mine.map((r) => r.category as RuleId))],
        snapshot: (mine[0]?.snapshot ?? {}) as Record<string, unknown>,
        comments: mine.map((r) => r.comment).filter(Boolean),
      };
    }),
    total: total?.n ?? 0,
  };
}
