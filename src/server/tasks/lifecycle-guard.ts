import { eq } from 'drizzle-orm';
import { OWNER_ONLY } from '../../shared/messages.ts';
import type { Db } from '../db/client.ts';
import { tasks, user } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';

export type Refusal = { outcome: 'not-found' } | { outcome: 'not-owner' } | { outcome: 'conflict' };

/** The task's owner, title and accepted bid, locked for the rest of the transaction. */
export async function lockTask(tx: Db, taskId: string) {
  const [task] = await tx
    .select({
      ownerId: tasks.ownerId,
      title: tasks.title,
      status: tasks.status,
      assignedTo: tasks.assignedTo,
      acceptedBidId: tasks.acceptedBidId,
      ownerName: user.name,
    })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.ownerId))
    .where(eq(tasks.id, taskId))
    .for('update', { of: tasks });
  return task;
}

/** Turns a refusal into its HTTP error. */
export function refuse(
  outcome: Refusal['outcome'],
  notFoundMessage: string,
  conflictMessage: string,
): never {
  if (outcome === 'not-found') throw notFound(notFoundMessage);
  if (outcome === 'not-owner') throw forbidden(OWNER_ONLY);
  throw conflict(conflictMessage, 'INVALID_STATE');
}
