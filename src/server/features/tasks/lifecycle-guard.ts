import { eq } from 'drizzle-orm';
import {
  ASSIGNEE_ONLY,
  BID_NOT_FOUND,
  BIDDING_CLOSED,
  DEAL_FROZEN,
  NO_BID_ON_OWN_TASK,
  NOT_COMPLETABLE,
  NOT_CONFIRMABLE,
  NOT_DELETABLE,
  NOT_REOPENABLE,
  OWN_TASKS_ONLY,
  OWNER_ONLY,
  TASK_NOT_FOUND,
} from '../../../shared/messages.ts';
import { refusal, type TaskAction } from '../../../shared/lifecycle.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { tasks, user } from '../../platform/db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { accountDeleted } from '../account/index.ts';
import { taskFieldColumns } from './columns.ts';

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
      completionRequestedAt: tasks.completionRequestedAt,
      moderation: tasks.moderation,
      ownerDeleted: accountDeleted(),
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
  'confirm-completion': {
    notFound: TASK_NOT_FOUND,
    forbidden: ASSIGNEE_ONLY,
    conflict: NOT_CONFIRMABLE,
  },
  'dispute-completion': {
    notFound: TASK_NOT_FOUND,
    forbidden: ASSIGNEE_ONLY,
    conflict: NOT_CONFIRMABLE,
  },
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
 * Locks the task and checks that `userId` (its owner, its assignee or anyone else) may
 * perform `action` on it now (the rules are in shared/lifecycle.ts); throws the action's 404,
 * 403 or 409 when not. Every action on a task starts here, inside its transaction.
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
  // A task moderation holds or removed is not there for bidders (as its page is not).
  const unseen = task?.moderation === 'held' || task?.moderation === 'removed';
  if (!task || (action === 'bid' && unseen)) throw notFound(refused.notFound);
  const role =
    task.ownerId === userId ? 'owner' : task.assigneeId === userId ? 'assignee' : 'other';
  const why = refusal(action, role, task);
  if (why === 'forbidden') throw forbidden(refused.forbidden);
  if (why === 'conflict') throw notNow(action);
  return task;
}
