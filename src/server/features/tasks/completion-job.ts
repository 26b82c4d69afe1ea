import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { COMPLETION_CONFIRM_DAYS } from '../../../shared/lifecycle.ts';
import type { Db } from '../../platform/db/client.ts';
import { tasks, user } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { notify } from '../../platform/notify.ts';
import { completed } from './assignment-repository.ts';
import { accountDeleted } from '../account/index.ts';

/**
 * Completions the worker left unanswered for COMPLETION_CONFIRM_DAYS confirm themselves: the
 * task becomes Completed (the review window opens) and the worker is told. Each task is
 * claimed by the one UPDATE, so every instance may run this at once.
 */
export async function confirmOverdueCompletions(db: Db, events: EventBus, now = new Date()) {
  return db.transaction(async (tx) => {
    const due = sql`${now.toISOString()}::timestamptz - make_interval(days => ${COMPLETION_CONFIRM_DAYS})`;
    const rows = await tx
      .update(tasks)
      .set({ status: 'Completed', completedAt: now, completionRequestedAt: null, updatedAt: now })
      .from(user)
      .where(
        and(
          eq(user.id, tasks.ownerId),
          eq(tasks.status, 'In Progress'),
          isNotNull(tasks.assigneeId),
          lte(tasks.completionRequestedAt, due),
        ),
      )
      .returning({
        id: tasks.id,
        title: tasks.title,
        ownerId: tasks.ownerId,
        assigneeId: tasks.assigneeId,
        ownerDeleted: accountDeleted(),
      });
    for (const row of rows) {
      const task = { ...row, assigneeId: row.assigneeId! };
      await completed(tx, events, task);
      await notify(tx, events, [
        {
          userId: task.assigneeId,
          type: 'task.completed',
          title: `“${task.title}” is completed`,
          body: `You did not answer for ${COMPLETION_CONFIRM_DAYS} days, so “${task.title}” confirmed itself as completed. Reviews are open.`,
          taskId: task.id,
        },
      ]);
      await events.publish(tx, { type: 'task.changed', taskId: task.id });
    }
    return rows.length;
  });
}
