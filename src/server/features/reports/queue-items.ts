/** How a report reaches the review queue: one open item per reported thing, weighed. */
import { and, eq, sql } from 'drizzle-orm';
import type { ReportTarget, RuleId } from '../../../shared/operators/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { moderationCases, reports } from '../../platform/db/schema.ts';
import { holdIfDue } from './moderation.ts';

/** What the server reports of itself: the thing, its author, why, and what it weighs. */
export interface SystemReport {
  targetType: ReportTarget;
  targetId: string;
  authorId: string;
  category: RuleId;
  /** Why the server reported it, as the queue shows it ("Watched word “…” (flag)"). */
  comment: string;
  /** What the thing said when it was written. */
  snapshot: Record<string, unknown>;
  weight: number;
}

/**
 * Adds `weight` to the thing's one open queue item (making it when there is none). The one
 * way a report reaches the queue, for people's reports and the server's alike.
 */
export async function addToCase(
  tx: Db,
  thing: { targetType: ReportTarget; targetId: string; authorId: string },
  weight: number,
) {
  const [item] = await tx
    .insert(moderationCases)
    .values({ ...thing, score: weight, reportCount: 1 })
    .onConflictDoUpdate({
      target: [moderationCases.targetType, moderationCases.targetId],
      targetWhere: sql`${moderationCases.status} = 'open'`,
      set: {
        score: sql`${moderationCases.score} + excluded.score`,
        reportCount: sql`${moderationCases.reportCount} + 1`,
      },
    })
    .returning({ id: moderationCases.id, score: moderationCases.score });
  return item!;
}

/**
 * Files a report without a person (`source: 'system'`, no reporter): a watched word or
 * contact details found on writing. It joins the same open queue item as people's reports,
 * in the writer's transaction, so the thing and its report exist together; the same reason
 * twice on one open item counts once. Returns the item's score after it.
 */
export async function fileSystemReport(tx: Db, report: SystemReport): Promise<number> {
  const { targetType, targetId, authorId, category, comment, snapshot, weight } = report;
  // The same reason again (an edit keeping the word) adds nothing to the open item.
  const [already] = await tx
    .select({ score: moderationCases.score })
    .from(reports)
    .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
    .where(
      and(
        eq(moderationCases.targetType, targetType),
        eq(moderationCases.targetId, targetId),
        eq(moderationCases.status, 'open'),
        eq(reports.source, 'system'),
        eq(reports.comment, comment),
      ),
    )
    .limit(1);
  if (already) return already.score;
  const item = await addToCase(tx, { targetType, targetId, authorId }, weight);
  await tx.insert(reports).values({
    caseId: item.id,
    source: 'system',
    reporterId: null,
    targetType,
    targetId,
    category,
    comment,
    snapshot,
    weight,
  });
  // A watched word set to "hold" weighs the hiding score: the thing is held here.
  await holdIfDue(tx, { targetType, targetId, authorId, score: item.score });
  return item.score;
}
