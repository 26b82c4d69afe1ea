import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { BID_TRANSITIONS, TASK_ACTIONS } from '../../shared/lifecycle.ts';
import type { TaskStatus } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { bids, tasks } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { notify } from '../notifications/repository.ts';
import { requestReviews } from '../reviews/review-window.ts';
import { guardTask, type LockedTask } from './lifecycle-guard.ts';

type AssignmentAction = 'complete' | 'cancel-assignment';

/**
 * What follows the award of the work: complete the task, or cancel the assignment and
 * reopen it. Each is one transaction whose changes and notifications go out together, only
 * while the task is in the state it needs.
 */
export function createAssignmentRepository(db: Db, events: EventBus) {
  /**
   * Guards the task for `action` (a refusal is thrown), moves it to the action's status with
   * `changes`, runs what follows (`then`, with the task as it was) and tells the task's
   * stream, in one transaction. Returns the new status.
   */
  function act(
    action: AssignmentAction,
    ownerId: string,
    taskId: string,
    changes: PgUpdateSetSource<typeof tasks>,
    then: (tx: Db, task: LockedTask) => Promise<void>,
  ): Promise<TaskStatus> {
    return db.transaction(async (tx) => {
      const task = await guardTask(tx, taskId, ownerId, action);
      const status = TASK_ACTIONS[action].to;
      await tx
        .update(tasks)
        .set({ ...changes, status, updatedAt: sql`now()` })
        .where(eq(tasks.id, taskId));
      await then(tx, task);
      await events.publish(tx, { type: 'task.changed', taskId });
      return status;
    });
  }

  return {
    complete: (ownerId: string, taskId: string) =>
      act('complete', ownerId, taskId, { completedAt: sql`now()` }, async (tx, task) => {
        if (!task.assigneeId) return;
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
      }),

    cancelAssignment: (ownerId: string, taskId: string, reason: string) =>
      act(
        'cancel-assignment',
        ownerId,
        taskId,
        { assignedTo: null, assigneeId: null, acceptedBidId: null },
        async (tx, task) => {
          if (!task.acceptedBidId) return;
          const [cancelled] = await tx
            .update(bids)
            .set({ status: BID_TRANSITIONS.cancelAssignment.to })
            .where(eq(bids.id, task.acceptedBidId))
            .returning({ bidderId: bids.bidderId });
          if (!cancelled) return;
          await notify(tx, events, [
            {
              userId: cancelled.bidderId,
              type: 'assignment.cancelled',
              title: 'Your assignment was cancelled',
              body: `${task.ownerName} cancelled your assignment on “${task.title}”: ${reason}`,
              taskId,
            },
          ]);
        },
      ),
  };
}
