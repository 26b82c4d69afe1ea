import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import {
  THREAD_WRITABLE_DAYS_AFTER_COMPLETION,
  type ThreadClosedReason,
} from '../../../shared/threads/rules.ts';
import { THREAD_MESSAGES } from '../../../shared/messages.ts';
import type { ContactState } from '../../../shared/blocks/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { tasks, threadParticipants, threads } from '../../platform/db/schema.ts';
import { cannotContact, contactStateSql } from '../blocks/index.ts';

/*
 * Who may see a thread and whether it still takes messages: the checks the thread and
 * message repositories share.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A thread the caller is not part of: 404, as if it did not exist. */
export const threadNotFound = () => notFound(THREAD_MESSAGES.notFound);

/** A thread that no longer takes messages (closed by a block: the block's 403, both ways). */
export const threadClosed = (reason: ThreadClosedReason) =>
  reason === 'blocked' || reason === 'unavailable'
    ? cannotContact(THREAD_MESSAGES.closed[reason])
    : new HttpError(409, THREAD_MESSAGES.closed[reason], 'THREAD_CLOSED');

/**
 * Why writing is closed, or null while it is open: the reason the thread's row keeps (one
 * of its people deleted their account), else what its task says, else a block between the
 * two as the reader sees it (`contact`, from the blocks feature's check).
 */
export function closedReason(
  task: {
    id: string | null;
    completedAt: Date | null;
    closed?: ThreadClosedReason | null;
    contact?: ContactState;
  },
  now = Date.now(),
): ThreadClosedReason | null {
  if (task.closed) return task.closed;
  if (task.id === null) return 'task-deleted';
  const { completedAt } = task;
  if (completedAt && now - completedAt.getTime() > THREAD_WRITABLE_DAYS_AFTER_COMPLETION * DAY_MS)
    return 'expired';
  if (task.contact && task.contact !== 'open') return task.contact;
  return null;
}

/** The user's side of the thread: one row when they take part in it, none otherwise. */
export const sideOf = (reader: Db, threadId: string | Placeholder, userId: string | Placeholder) =>
  reader
    .select({ id: threadParticipants.threadId })
    .from(threadParticipants)
    .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)));

/** Whether `userId` takes part in the thread (false for a malformed id). */
export async function participates(reader: Db, threadId: string, userId: string) {
  if (!isUuid(threadId)) return false;
  const [row] = await sideOf(reader, threadId, userId);
  return row !== undefined;
}

/**
 * The thread, locked for the rest of the transaction (every send and read of it takes
 * this lock first), with its task's state; undefined unless `userId` takes part in it.
 */
export async function lockThread(tx: Db, threadId: string, userId: string) {
  const [thread] = await tx
    .select({
      ownerId: threads.ownerId,
      bidderId: threads.bidderId,
      messageCount: threads.messageCount,
      taskId: threads.taskId,
      taskTitle: sql<string>`coalesce(${tasks.title}, ${threads.taskTitle})`,
      completedAt: tasks.completedAt,
      assigneeId: tasks.assigneeId,
      closed: threads.closedReason,
      /** As `userId` sees it (when they take part; checked below). */
      contact: contactStateSql(
        userId,
        sql`case when ${threads.ownerId} = ${userId} then ${threads.bidderId} else ${threads.ownerId} end`,
      ),
    })
    .from(threads)
    .leftJoin(tasks, eq(tasks.id, threads.taskId))
    .where(eq(threads.id, threadId))
    .for('update', { of: threads });
  if (!thread || (thread.ownerId !== userId && thread.bidderId !== userId)) return undefined;
  return { ...thread, otherId: thread.ownerId === userId ? thread.bidderId : thread.ownerId };
}
