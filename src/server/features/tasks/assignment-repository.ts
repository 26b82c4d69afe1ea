import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  BID_TRANSITIONS,
  completionConfirmsAt,
  TASK_ACTIONS,
  type TaskAction,
} from '../../../shared/lifecycle.ts';
import type { TaskStatus } from '../../../shared/constants.ts';
import { NO_OWNER_TO_DISPUTE } from '../../../shared/messages.ts';
import type { Db } from '../../platform/db/client.ts';
import { bids, tasks } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { MailTx } from '../../platform/mail/outbox.ts';
import { notify } from '../../platform/notify.ts';
import { requestReviews } from '../reviews/index.ts';
import { refuseWhileDealGoesOn } from './deal-guard.ts';
import { guardTask, type LockedTask } from './lifecycle-guard.ts';

type AssignmentAction = Extract<
  TaskAction,
  'complete' | 'confirm-completion' | 'dispute-completion' | 'cancel-assignment'
>;

/** A day as the notifications write it: "30 November 2026" (UTC). */
export const dayText = (at: Date) =>
  at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The task is Completed (the worker confirmed, or the confirmation's delay ran out): both
 * people are asked for a review, except an owner who deleted their account.
 */
export async function completed(
  tx: MailTx,
  events: EventBus,
  task: { id: string; title: string; ownerId: string; assigneeId: string; ownerDeleted: boolean },
) {
  await requestReviews(tx, events, task, task.ownerDeleted ? [task.assigneeId] : undefined);
}

/**
 * What follows the award of the work: the owner marks it completed and the worker confirms
 * (or disputes) it, or the owner cancels the assignment and reopens it. Each is one
 * transaction whose changes and notifications go out together, only while the task is in
 * the state it needs.
 */
export function createAssignmentRepository(db: Db, events: EventBus) {
  /**
   * Guards the task for `action` by `userId` (a refusal is thrown), moves it to the action's
   * status with `changes`, runs what follows (`then`, with the task as it was) and tells the
   * task's stream, in one transaction. Returns the new status.
   */
  function act(
    action: AssignmentAction,
    userId: string,
    taskId: string,
    changes: PgUpdateSetSource<typeof tasks>,
    then: (tx: Db, task: LockedTask) => Promise<void>,
  ): Promise<TaskStatus> {
    return db.transaction(async (tx) => {
      const task = await guardTask(tx, taskId, userId, action);
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
    /** The owner says the work is done: it waits for the worker (told the day it confirms). */
    complete: async (ownerId: string, taskId: string, now = new Date()) => {
      const confirmsAt = completionConfirmsAt(now);
      const status = await act(
        'complete',
        ownerId,
        taskId,
        { completionRequestedAt: now },
        async (tx, task) => {
          if (!task.assigneeId) return;
          await notify(
            tx,
            events,
            [
              {
                userId: task.assigneeId,
                type: 'completion.requested',
                title: `Confirm that “${task.title}” is completed`,
                body: `${task.ownerName} marked “${task.title}” completed. Confirm it, or tell them what is wrong: without your answer it confirms itself on ${dayText(confirmsAt)}.`,
                taskId,
              },
            ],
            ownerId,
          );
        },
      );
      return { status, confirmsAt: confirmsAt.toISOString() };
    },

    /** The worker confirms: the task is Completed and the review window opens. */
    confirm: (workerId: string, taskId: string) =>
      act(
        'confirm-completion',
        workerId,
        taskId,
        { completionRequestedAt: null, completedAt: sql`now()` },
        async (tx, task) => {
          await completed(tx, events, { ...task, id: taskId, assigneeId: workerId });
        },
      ),

    /** The worker says the work is not done: it stays In Progress and the owner is told why. */
    dispute: (workerId: string, taskId: string, reason: string) =>
      act(
        'dispute-completion',
        workerId,
        taskId,
        { completionRequestedAt: null },
        async (tx, task) => {
          if (task.ownerDeleted) throw conflict(NO_OWNER_TO_DISPUTE, 'INVALID_STATE');
          await notify(
            tx,
            events,
            [
              {
                userId: task.ownerId,
                type: 'completion.disputed',
                title: `“${task.title}” is not completed yet`,
                body: `${task.assignedTo ?? 'The freelancer'} disputed that “${task.title}” is completed: ${reason}`,
                taskId,
              },
            ],
            workerId,
          );
        },
      ),

    cancelAssignment: (ownerId: string, taskId: string, reason: string) =>
      act(
        'cancel-assignment',
        ownerId,
        taskId,
        { assignedTo: null, assigneeId: null, acceptedBidId: null, completionRequestedAt: null },
        async (tx, task) => {
          await refuseWhileDealGoesOn(
            tx,
            taskId,
            'This task’s payment is secured: cancel the deal (or withdraw it before paying) first.',
          );
          if (!task.acceptedBidId) return;
          const [cancelled] = await tx
            .update(bids)
            .set({ status: BID_TRANSITIONS.cancelAssignment.to })
            .where(eq(bids.id, task.acceptedBidId))
            .returning({ bidderId: bids.bidderId });
          if (!cancelled) return;
          await notify(
            tx,
            events,
            [
              {
                userId: cancelled.bidderId,
                type: 'assignment.cancelled',
                title: 'Your assignment was cancelled',
                body: `${task.ownerName} cancelled your assignment on “${task.title}”: ${reason}`,
                taskId,
              },
            ],
            ownerId,
          );
        },
      ),
  };
}
