import { eq, sql } from 'drizzle-orm';
import { BID_TRANSITIONS, TASK_ACTIONS } from '../../shared/lifecycle.ts';
import type { TaskStatus } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { bids, tasks } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { notify } from '../notifications/repository.ts';
import { requestReviews } from '../reviews/review-window.ts';
import { guardTask, type Refusal } from './lifecycle-guard.ts';

export type LifecycleOutcome = { outcome: 'done'; status: TaskStatus } | Refusal;

const COMPLETED = TASK_ACTIONS.complete.to;
const REOPENED = TASK_ACTIONS['cancel-assignment'].to;

/**
 * What follows the award of the work: complete the task, or cancel the assignment and
 * reopen it. Each is one transaction whose changes and notifications go out together, only
 * while the task is in the state it needs.
 */
export function createAssignmentRepository(db: Db, events: EventBus) {
  return {
    async complete(ownerId: string, taskId: string): Promise<LifecycleOutcome> {
      return db.transaction(async (tx) => {
        const guard = await guardTask(tx, taskId, ownerId, 'complete');
        if (guard.outcome !== 'allowed') return guard;
        const { task } = guard;
        await tx
          .update(tasks)
          .set({ status: COMPLETED, completedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(tasks.id, taskId));
        if (task.assigneeId) {
          await requestReviews(tx, events, {
            id: taskId,
            title: task.title,
            ownerId: task.ownerId,
            assigneeId: task.assigneeId,
          });
          await notify(tx, events, [
            {
              userId: task.assigneeId,
              type: 'task.completed',
              title: 'Your work was marked completed',
              body: `${task.ownerName} marked “${task.title}” completed.`,
              taskId,
            },
          ]);
        }
        await events.publish(tx, { type: 'task.changed', taskId });
        return { outcome: 'done' as const, status: COMPLETED };
      });
    },

    async cancelAssignment(
      ownerId: string,
      taskId: string,
      reason: string,
    ): Promise<LifecycleOutcome> {
      return db.transaction(async (tx) => {
        const guard = await guardTask(tx, taskId, ownerId, 'cancel-assignment');
        if (guard.outcome !== 'allowed') return guard;
        const { task } = guard;
        await tx
          .update(tasks)
          .set({
            assignedTo: null,
            assigneeId: null,
            acceptedBidId: null,
            status: REOPENED,
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, taskId));
        if (task.acceptedBidId) {
          const [cancelled] = await tx
            .update(bids)
            .set({ status: BID_TRANSITIONS.cancelAssignment.to })
            .where(eq(bids.id, task.acceptedBidId))
            .returning({ bidderId: bids.bidderId });
          if (cancelled) {
            await notify(tx, events, [
              {
                userId: cancelled.bidderId,
                type: 'assignment.cancelled',
                title: 'Your assignment was cancelled',
                body: `${task.ownerName} cancelled your assignment on “${task.title}”: ${reason}`,
                taskId,
              },
            ]);
          }
        }
        await events.publish(tx, { type: 'task.changed', taskId });
        return { outcome: 'done' as const, status: REOPENED };
      });
    },
  };
}
