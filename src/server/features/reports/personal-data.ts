import { desc, eq } from 'drizzle-orm';
import { moderationCases, reports } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The reports a person filed (what they reported, why, and the outcome). Reports about them
 * are operators' records and stay with the queue; erasing the account takes their name off
 * both sides (the items keep their weight and history).
 */
export const reportPersonalData: PersonalData = {
  tables: [reports, moderationCases],
  async export(db, userId) {
    const filed = await db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        category: reports.category,
        comment: reports.comment,
        createdAt: reports.createdAt,
        outcome: moderationCases.status,
      })
      .from(reports)
      .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.createdAt));
    return { reports: filed };
  },
  async erase(tx, userId) {
    await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
    await tx
      .update(moderationCases)
      .set({ authorId: null })
      .where(eq(moderationCases.authorId, userId));
    await tx
      .update(moderationCases)
      .set({ assignedTo: null })
      .where(eq(moderationCases.assignedTo, userId));
    await tx
      .update(moderationCases)
      .set({ decidedBy: null })
      .where(eq(moderationCases.decidedBy, userId));
  },
};
