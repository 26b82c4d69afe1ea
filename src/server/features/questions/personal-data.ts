import { desc, eq } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { questions, tasks } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The questions a person asked (answers by others stay theirs and are left out of the
 * download). They are public on task pages, so they go with the account.
 */
export const questionPersonalData: PersonalData = {
  tables: [questions],
  async export(db, userId) {
    const mine = await db
      .select({
        ...columnsOf(questions, 'id', 'taskId'),
        taskTitle: tasks.title,
        ...columnsOf(questions, 'text', 'answer', 'createdAt'),
      })
      .from(questions)
      .innerJoin(tasks, eq(tasks.id, questions.taskId))
      .where(eq(questions.askerId, userId))
      .orderBy(desc(questions.createdAt));
    return { questions: mine };
  },
  async erase(tx, userId) {
    await tx.delete(questions).where(eq(questions.askerId, userId));
  },
};
