import { eq, sql } from 'drizzle-orm';
import type { TaskStatus } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { bids, tasks } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { notify } from '../notifications/repository.ts';
import { lockTask, type Refusal } from './lifecycle-guard.ts';

export type LifecycleOutcome = { outcome: 'done'; status: TaskStatus } | Refusal;

/**
 * What follows the award of the work: complete the task, or cancel the assignment and
 * reopen it. Each is one transaction whose changes and notifications go out together, only
 * while the task is in the state it needs.
 */
export function createAssignmentRepository(db: Db, events: EventBus) {
  return {
    async complete(ownerId: string, taskId: string): Promise<LifecycleOutcome> {
      if (!isUuid(taskId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) return { outcome: 'not-found' as const };
        if (task.ownerId !== ownerId) return { outcome: 'not-owner' as const };
        if (task.assignedTo === null || task.status === 'Completed')
          return { outcome: 'conflict' as const };
        await tx
          .update(tasks)
          .set({ status: 'Completed', updatedAt: sql`now()` })
          .where(eq(tasks.id, taskId));
        await events.publish(tx, { type: 'task.changed', taskId });
        return { outcome: 'done' as const, status: 'Completed' };
      });
    },

    async cancelAssignment(
      ownerId: string,
      taskId: string,
      reason: string,
    ): Promise<LifecycleOutcome> {
      if (!isUuid(taskId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) return { outcome: 'not-found' as const };
        if (task.ownerId !== ownerId) return { outcome: 'not-owner' as const };
        if (task.assignedTo === null || task.status === 'Completed')
          return { outcome: 'conflict' as const };
        await tx
          .update(tasks)
          .set({
            assignedTo: null,
            assigneeId: null,
            acceptedBidId: null,
            status: 'Not Started',
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, taskId));
        if (task.acceptedBidId) {
          const [cancelled] = await tx
            .update(bids)
            .set({ status: 'cancelled' })
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
        return { outcome: 'done' as const, status: 'Not Started' };
      });
    },
  };
}
