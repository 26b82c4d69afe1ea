import { eq } from 'drizzle-orm';
import {
  BID_NOT_FOUND,
  BIDDING_CLOSED,
  DEAL_FROZEN,
  NO_BID_ON_OWN_TASK,
  NOT_COMPLETABLE,
  NOT_DELETABLE,
  NOT_REOPENABLE,
  OWN_TASKS_ONLY,
  OWNER_ONLY,
  TASK_NOT_FOUND,
} from '../../shared/messages.ts';
import { refusal, type TaskAction } from '../../shared/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { tasks, user } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { taskFieldColumns } from '../db/columns.ts';

/**
 * The task, locked for the rest of the transaction (`share` where it only must not change,
 * `update` where the transaction changes it), with its owner's name.
 */
async function lockTask(tx: Db, taskId: string, strength: 'share' | 'update') {
  const [task] = await tx
    .select({
      ownerId: tasks.ownerId,
      ownerName: user.name,
      ...taskFieldColumns,
      assigneeId: tasks.assigneeId,
      acceptedBidId: tasks.acceptedBidId,
    })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.ownerId))
    .where(eq(tasks.id, taskId))
    .for(strength, { of: tasks });
  return task;
}
export type LockedTask = NonNullable<Awaited<ReturnType<typeof lockTask>>>;

/**
 * What each action's refusal says: the task is not there (for `accept`, the bid's task), it
 * is not the caller's to do, or the task is not in a state that allows it (with its code).
 */
export const REFUSALS = {
  bid: {
    notFound: TASK_NOT_FOUND,
    forbidden: NO_BID_ON_OWN_TASK,
    conflict: BIDDING_CLOSED,
    code: 'BIDDING_CLOSED',
  },
  accept: { notFound: BID_NOT_FOUND, forbidden: OWNER_ONLY, conflict: BIDDING_CLOSED },
  complete: { notFound: TASK_NOT_FOUND, forbidden: OWNER_ONLY, conflict: NOT_COMPLETABLE },
  'cancel-assignment': {
    notFound: TASK_NOT_FOUND,
    forbidden: OWNER_ONLY,
    conflict: NOT_REOPENABLE,
  },
  edit: { notFound: TASK_NOT_FOUND, forbidden: OWN_TASKS_ONLY.update, conflict: DEAL_FROZEN },
  delete: { notFound: TASK_NOT_FOUND, forbidden: OWN_TASKS_ONLY.delete, conflict: NOT_DELETABLE },
} satisfies Record<
  TaskAction,
  { notFound: string; forbidden: string; conflict: string; code?: string }
>;

/** The 409 of an action the task's state does not allow. */
export function notNow(action: TaskAction) {
  const refused: { conflict: string; code?: string } = REFUSALS[action];
  return conflict(refused.conflict, refused.code ?? 'INVALID_STATE');
}

/**
 * Locks the task and checks that `userId` may perform `action` on it now (the rules are in
 * shared/lifecycle.ts); throws the action's 404, 403 or 409 when not. Every action on a task
 * starts here, inside its transaction.
 */
export async function guardTask(
  tx: Db,
  taskId: string,
  userId: string,
  action: TaskAction,
): Promise<LockedTask> {
  const refused = REFUSALS[action];
  const task = isUuid(taskId)
    ? await lockTask(tx, taskId, action === 'bid' ? 'share' : 'update')
    : undefined;
  if (!task) throw notFound(refused.notFound);
  const why = refusal(action, task.ownerId === userId ? 'owner' : 'other', task);
  if (why === 'forbidden') throw forbidden(refused.forbidden);
  if (why === 'conflict') throw notNow(action);
  return task;
}
