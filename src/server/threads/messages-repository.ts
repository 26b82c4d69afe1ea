import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { THREAD_MESSAGES } from '../../shared/messages.ts';
import type { Message, MessagePage } from '../../shared/threads.ts';
import { badRequest } from '../http/errors.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { decodeSeqCursor, encodeSeqCursor } from '../db/paging.ts';
import { messages, notifications, threadParticipants, threads, user } from '../db/schema.ts';
import { notify } from '../notifications/repository.ts';
import type { EventBus } from '../events/bus.ts';
import {
  badCursor,
  closedReason,
  lockThread,
  participates,
  threadClosed,
  threadNotFound,
} from './access.ts';
import { insertedRow } from '../db/rows.ts';

/** The messages of a thread: its pages, sending one, and how far each side has read. */
export function createMessageRepository(db: Db, events: EventBus) {
  /** A thread's messages before `seq`, newest first (the index test EXPLAINs it). */
  function messagesQuery(reader: Db, threadId: string, beforeSeq: number | null, limit: number) {
    return reader
      .select({
        id: messages.id,
        threadId: messages.threadId,
        seq: messages.seq,
        senderId: messages.senderId,
        body: messages.body,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          beforeSeq === null ? undefined : sql`${messages.seq} < ${beforeSeq}`,
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(limit);
  }

  /**
   * Tells the recipient in the app and by e-mail (unless turned off), coalesced: while a
   * message notification about this task is unread, later messages add none, so a lively
   * conversation is one notification and one mail until it is looked at.
   */
  async function notifyRecipient(
    tx: Db,
    thread: { taskId: string | null; taskTitle: string },
    recipientId: string,
    senderId: string,
    body: string,
  ) {
    const [pending] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, recipientId),
          isNull(notifications.readAt),
          eq(notifications.type, 'message.received'),
          thread.taskId === null
            ? isNull(notifications.taskId)
            : eq(notifications.taskId, thread.taskId),
        ),
      )
      .limit(1);
    if (pending) return;
    const [sender] = await tx.select({ name: user.name }).from(user).where(eq(user.id, senderId));
    const firstLine = body.split('\n', 1)[0]!;
    await notify(tx, events, [
      {
        userId: recipientId,
        type: 'message.received',
        title: `New message about “${thread.taskTitle}”`,
        body: `${sender?.name ?? 'Someone'}: ${firstLine.length > 140 ? `${firstLine.slice(0, 139)}…` : firstLine}`,
        taskId: thread.taskId,
      },
    ]);
  }

  return {
    messagesQuery,

    /** The newest `limit` messages before the cursor, oldest first; 404 when not theirs. */
    async list(
      reader: Db,
      threadId: string,
      userId: string,
      before: string | undefined,
      limit: number,
    ): Promise<MessagePage> {
      const beforeSeq = before === undefined ? null : decodeSeqCursor(before);
      if (beforeSeq === undefined) throw badCursor('query.before');
      if (!(await participates(reader, threadId, userId))) throw threadNotFound();
      const rows = await messagesQuery(reader, threadId, beforeSeq, limit + 1);
      const page = rows.slice(0, limit).reverse();
      const oldest = page[0];
      return {
        items: page.map(({ seq: _, ...m }) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        nextCursor: rows.length > limit && oldest ? encodeSeqCursor(oldest.seq) : null,
      };
    },

    /**
     * Appends a message while the thread takes them. The thread's row lock orders the
     * messages and keeps both sides' counters exact under concurrent sends. A refusal is thrown.
     */
    async send(threadId: string, senderId: string, body: string): Promise<Message> {
      if (!isUuid(threadId)) throw threadNotFound();
      return db.transaction(async (tx) => {
        const thread = await lockThread(tx, threadId, senderId);
        if (!thread) throw threadNotFound();
        const reason = closedReason({ id: thread.taskId, completedAt: thread.completedAt });
        if (reason) throw threadClosed(reason);
        const recipientId = thread.otherId;
        const seq = thread.messageCount + 1;
        const message = insertedRow(
          await tx.insert(messages).values({ threadId, seq, senderId, body }).returning({
            id: messages.id,
            threadId: messages.threadId,
            senderId: messages.senderId,
            body: messages.body,
            createdAt: messages.createdAt,
          }),
        );
        await tx.update(threads).set({ messageCount: seq }).where(eq(threads.id, threadId));
        await tx
          .update(threadParticipants)
          .set({
            lastActivityAt: message.createdAt,
            unreadCount: sql`${threadParticipants.unreadCount} + case when ${threadParticipants.userId} = ${recipientId} then 1 else 0 end`,
          })
          .where(eq(threadParticipants.threadId, threadId));
        await notifyRecipient(tx, thread, recipientId, senderId, body);
        await events.publish(tx, {
          type: 'thread.message',
          threadId,
          userIds: [thread.ownerId, thread.bidderId],
        });
        return { ...message, createdAt: message.createdAt.toISOString() };
      });
    },

    /** Marks read, for `userId`, every message up to `upTo` (a message of this thread). */
    async markRead(threadId: string, userId: string, upTo: string): Promise<void> {
      if (!isUuid(threadId)) throw threadNotFound();
      return db.transaction(async (tx) => {
        // The thread's lock orders this after any send in flight, so the count is exact.
        const thread = await lockThread(tx, threadId, userId);
        if (!thread) throw threadNotFound();
        const [target] = isUuid(upTo)
          ? await tx
              .select({ seq: messages.seq })
              .from(messages)
              .where(and(eq(messages.id, upTo), eq(messages.threadId, threadId)))
          : [];
        if (!target)
          throw badRequest(THREAD_MESSAGES.messageNotFound, 'BAD_REQUEST', [
            { path: 'body.upTo', message: THREAD_MESSAGES.messageNotFound },
          ]);
        const advanced = await tx
          .update(threadParticipants)
          .set({
            lastReadSeq: target.seq,
            unreadCount: sql`(select count(*)::int from ${messages} where ${messages.threadId} = ${threadId} and ${messages.seq} > ${target.seq} and ${messages.senderId} <> ${userId})`,
          })
          .where(
            and(
              eq(threadParticipants.threadId, threadId),
              eq(threadParticipants.userId, userId),
              sql`${threadParticipants.lastReadSeq} < ${target.seq}`,
            ),
          )
          .returning({ threadId: threadParticipants.threadId });
        if (advanced.length > 0) {
          // Both sides: the other shows "Seen", the reader's other tabs lower their count.
          await events.publish(tx, {
            type: 'thread.read',
            threadId,
            userIds: [userId, thread.otherId],
          });
        }
      });
    },
  };
}
