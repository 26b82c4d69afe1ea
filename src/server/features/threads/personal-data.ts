import { desc, eq, or } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { messages, threadParticipants, threads } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The conversations a person took part in and the messages they wrote (the other side's
 * messages stay theirs and are left out). Deleting the account leaves them, closed for
 * writing ('account-deleted'): they are the other side's conversation too, shown from
 * "Deleted user", who will never answer.
 */
export const threadPersonalData: PersonalData = {
  tables: [threads, threadParticipants, messages],
  async export(db, userId) {
    const mine = await db
      .select(columnsOf(threads, 'id', 'taskId', 'taskTitle', 'ownerId', 'bidderId', 'createdAt'))
      .from(threads)
      .where(or(eq(threads.ownerId, userId), eq(threads.bidderId, userId)))
      .orderBy(desc(threads.createdAt));
    const written = await db
      .select({
        ...columnsOf(messages, 'id', 'threadId'),
        taskTitle: threads.taskTitle,
        ...columnsOf(messages, 'body', 'createdAt'),
      })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .where(eq(messages.senderId, userId))
      .orderBy(desc(messages.createdAt));
    return { threads: mine, messages: written };
  },
  async erase(tx, userId) {
    await tx
      .update(threads)
      .set({ closedReason: 'account-deleted' })
      .where(or(eq(threads.ownerId, userId), eq(threads.bidderId, userId)));
  },
};
