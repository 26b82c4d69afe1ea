import { eq } from 'drizzle-orm';
import { OWNER_ONLY } from '../../shared/messages.ts';
import { refusal, type TaskAction } from '../../shared/lifecycle.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { tasks, user } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { taskFieldColumns } from '../db/columns.ts';

export type Refusal = { outcome: 'not-found' } | { outcome: 'forbidden' } | { outcome: 'conflict' };

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
 * Locks the task and checks that `userId` may perform `action` on it now (the rules are in
 * shared/lifecycle.ts). Every action on a task starts here, inside its transaction.
 */
export async function guardTask(
  tx: Db,
  taskId: string,
  userId: string,
  action: TaskAction,
): Promise<{ outcome: 'allowed'; task: LockedTask } | Refusal> {
  if (!isUuid(taskId)) return { outcome: 'not-found' };
  const task = await lockTask(tx, taskId, action === 'bid' ? 'share' : 'update');
  if (!task) return { outcome: 'not-found' };
  const refused = refusal(action, task.ownerId === userId ? 'owner' : 'other', task);
  return refused ? { outcome: refused } : { outcome: 'allowed', task };
}

/** Turns a refusal into its HTTP error. */
export function refuse(
  outcome: Refusal['outcome'],
  messages: { notFound: string; conflict: string; forbidden?: string; code?: string },
): never {
  if (outcome === 'not-found') throw notFound(messages.notFound);
  if (outcome === 'forbidden') throw forbidden(messages.forbidden ?? OWNER_ONLY);
  throw conflict(messages.conflict, messages.code ?? 'INVALID_STATE');
}
