import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../../shared/account.ts';
import { BID_TRANSITIONS, completionConfirmsAt, TASK_ACTIONS } from '../../../shared/lifecycle.ts';
import { bids, tasks } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';
import { notify } from '../../platform/notify.ts';
import { dayText } from './assignment-repository.ts';
import { taskFieldColumns } from './columns.ts';

/**
 * The tasks a person posted. Open ones (nobody doing them) go with the account, with their
 * bids and questions; work already agreed stays on the other person's side, under the name
 * "Deleted user", and nothing is left waiting for the person who left:
 * - a task of theirs under way waits for its worker's confirmation (as if marked completed
 *   now), the worker told: confirming completes it (they may review), or it confirms itself;
 * - a task they were assigned and had not completed reopens for bidding (their accepted bid
 *   cancelled), its owner told.
 */
export const taskPersonalData: PersonalData = {
  tables: [tasks],
  async export(db, userId) {
    const mine = await db
      .select({
        id: tasks.id,
        ...taskFieldColumns,
        createdAt: tasks.createdAt,
        updatedAt: tasks.updatedAt,
      })
      .from(tasks)
      .where(eq(tasks.ownerId, userId))
      .orderBy(desc(tasks.createdAt));
    return { tasks: mine };
  },
  async erase(tx, userId, events) {
    await tx
      .delete(tasks)
      .where(and(eq(tasks.ownerId, userId), isNull(tasks.assigneeId), isNull(tasks.acceptedBidId)));

    const waiting = await tx
      .update(tasks)
      .set({
        completionRequestedAt: sql`coalesce(${tasks.completionRequestedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(tasks.ownerId, userId), isNotNull(tasks.assigneeId), ne(tasks.status, 'Completed')),
      )
      .returning({
        id: tasks.id,
        title: tasks.title,
        assigneeId: tasks.assigneeId,
        requestedAt: tasks.completionRequestedAt,
      });
    await notify(
      tx,
      events,
      waiting.map((t) => ({
        userId: t.assigneeId!,
        type: 'completion.requested' as const,
        title: `Confirm that “${t.title}” is completed`,
        body: `The owner of “${t.title}” deleted their account. Confirm the work is completed to close the task (you may then review it); without your answer it confirms itself on ${dayText(completionConfirmsAt(t.requestedAt!))}.`,
        taskId: t.id,
      })),
    );

    const reopened = await tx
      .update(tasks)
      .set({
        status: TASK_ACTIONS['cancel-assignment'].to,
        assignedTo: null,
        assigneeId: null,
        acceptedBidId: null,
        completionRequestedAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(tasks.assigneeId, userId), ne(tasks.status, 'Completed')))
      .returning({ id: tasks.id, title: tasks.title, ownerId: tasks.ownerId });
    if (reopened.length > 0)
      await tx
        .update(bids)
        .set({ status: BID_TRANSITIONS.cancelAssignment.to })
        .where(
          and(
            eq(bids.bidderId, userId),
            eq(bids.status, BID_TRANSITIONS.cancelAssignment.from),
            inArray(
              bids.taskId,
              reopened.map((t) => t.id),
            ),
          ),
        );
    await notify(
      tx,
      events,
      reopened.map((t) => ({
        userId: t.ownerId,
        type: 'assignment.cancelled' as const,
        title: `The assignment of “${t.title}” was cancelled`,
        body: `The person assigned to “${t.title}” deleted their account, so the task is open for bidding again.`,
        taskId: t.id,
      })),
    );
    for (const t of [...waiting, ...reopened])
      await events.publish(tx, { type: 'task.changed', taskId: t.id });

    await tx
      .update(tasks)
      .set({ assignedTo: DELETED_USER_NAME })
      .where(eq(tasks.assigneeId, userId));
  },
};
