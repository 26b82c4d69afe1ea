import { moderationCases, reports } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';
import type { RuleId } from '../../../shared/operators/rules.ts';

/** Three reported tasks, so the console's queue has something in it from the first start. */
const DEMO_REPORTS: { category: RuleId; comment: string; reporters: number }[] = [
  { category: 'scam', comment: 'Asks for payment by bank transfer before any work.', reporters: 2 },
  { category: 'spam', comment: 'The same task was posted several times.', reporters: 1 },
  { category: 'inappropriate', comment: '', reporters: 1 },
];

export const reportDemo: DemoData = async (tx, scene) => {
  for (const [i, demo] of DEMO_REPORTS.entries()) {
    const task = scene.tasks[i * 7];
    if (!task) return;
    const reporters = scene.people
      .filter((p) => p.id !== task.ownerId)
      .slice(i, i + demo.reporters);
    const [item] = await tx
      .insert(moderationCases)
      .values({
        targetType: 'task',
        targetId: task.id,
        authorId: task.ownerId,
        score: reporters.length,
        reportCount: reporters.length,
        openedAt: new Date(Date.now() - (i * 20 + 3) * 60 * 60 * 1000),
      })
      .returning({ id: moderationCases.id });
    await tx.insert(reports).values(
      reporters.map((reporter) => ({
        caseId: item!.id,
        reporterId: reporter.id,
        targetType: 'task' as const,
        targetId: task.id,
        category: demo.category,
        comment: demo.comment,
        snapshot: { title: task.title },
        weight: 1,
      })),
    );
  }
};
