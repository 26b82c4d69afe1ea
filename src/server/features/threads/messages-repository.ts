import { and, desc, eq, exists, sql, type Placeholder } from 'drizzle-orm';
import { THREAD_MESSAGES } from '../../../shared/messages.ts';
import { moderationNotice } from '../../../shared/operators/rules.ts';
import type { Message, MessagePage } from '../../../shared/threads/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/db/paging.ts';
import { messages, threadParticipants, threads, user } from '../../platform/db/schema.ts';
import { queueNotificationMails } from '../../platform/mail/notification-mail.ts';
import { excerpt } from '../../../shared/text.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import {
  closedReason,
  lockThread,
  participates,
  sideOf,
  threadClosed,
  threadNotFound,
} from './access.ts';
import { literalLimit, perPageSize, preparedPerReader } from '../../platform/db/prepared.ts';
import { insertedRow } from '../../platform/db/rows.ts';
import { badCursor } from '../../platform/http/paging.ts';
import {
  checkNewAccount,
  moderationRules,
  reportScreened,
  screenText,
} from '../prevention/index.ts';

/** Past the last message of any thread: `messages.seq` is a 4-byte integer. */
const SEQ_END = 2 ** 31 - 1;

/** The messages of a thread: its pages, sending one, and how far each side has read. */
export function createMessageRepository(db: Db, events: EventBus) {
  /**
   * A thread's messages before `seq`, newest first (the index test EXPLAINs it); with
   * `viewerId`, none unless that person takes part in the thread (checked once, not per row).
   */
  function messagesQuery(
    reader: Db,
    threadId: string | Placeholder,
    beforeSeq: number | Placeholder | null,
    limit: number | Placeholder,
    viewerId?: string | Placeholder,
  ) {
    return reader
      .select({
        id: messages.id,
        threadId: messages.threadId,
        seq: messages.seq,
        senderId: messages.senderId,
        body: messages.body,
        createdAt: messages.createdAt,
        moderation: messages.moderation,
        moderationRule: messages.moderationRule,
      })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          beforeSeq === null ? undefined : sql`${messages.seq} < ${beforeSeq}`,
          viewerId === undefined ? undefined : exists(sideOf(reader, threadId, viewerId)),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(limit);
  }

  /**
   * Tells the recipient by e-mail (unless turned off) when this message is the first they
   * have not read in the thread: a lively conversation is one mail until they open it. The
   * app says it through the Messages count only, never the bell as well.
   */
  async function mailRecipient(
    tx: Db,
    thread: { taskId: string | null; taskTitle: string },
    recipient: { id: string; unreadCount: number },
    senderId: string,
    body: string,
  ) {
    if (recipient.unreadCount !== 1) return;
    const [sender] = await tx.select({ name: user.name }).from(user).where(eq(user.id, senderId));
    const firstLine = body.split('\n', 1)[0]!;
    await queueNotificationMails(
      tx,
      [
        {
          userId: recipient.id,
          type: 'message.received',
          title: `New message about “${thread.taskTitle}”`,
          body: `${sender?.name ?? 'Someone'}: ${excerpt(firstLine)}`,
          taskId: thread.taskId,
        },
      ],
      senderId,
    );
  }

  /**
   * A page of a thread for one of its people, sent as a named statement (parsed and planned
   * once per pooled connection), one per page size with the size in it (`literalLimit`): the
   * first page reads before `SEQ_END`.
   */
  const statements = preparedPerReader((reader) => {
    const p = sql.placeholder;
    return {
      page: perPageSize((size) =>
        messagesQuery(reader, p('threadId'), p('before'), literalLimit(size), p('userId')).prepare(
          `thread_messages_page_${size}`,
        ),
      ),
    };
  });

  return {
    messagesQuery,

    /** The newest `limit` messages before the cursor, oldest first; 404 when not theirs. */
    async list(
      reader: Db,
      threadId: string,
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<MessagePage> {
      const beforeSeq = cursor === undefined ? null : decodeSeqCursor(cursor);
      if (beforeSeq === undefined) throw badCursor();
      if (!isUuid(threadId)) throw threadNotFound();
      const rows = await statements(reader)
        .page(limit + 1)
        .execute({
          threadId,
          userId,
          // A cursor past every number a message can have reads from the newest.
          before: Math.min(beforeSeq ?? SEQ_END, SEQ_END),
        });
      // No rows: an outsider (404), or a thread with nothing before the cursor.
      if (rows.length === 0 && !(await participates(reader, threadId, userId)))
        throw threadNotFound();
      const page = rows.slice(0, limit).reverse();
      const oldest = page[0];
      return {
        // What moderation holds or removed is read by its sender only, marked.
        items: page
          .filter((m) => m.moderation === null || m.senderId === userId)
          .map(({ seq: _, moderation, moderationRule, ...m }) => {
            const notice = moderationNotice(moderation, moderationRule);
            return {
              ...m,
              createdAt: m.createdAt.toISOString(),
              ...(notice ? { moderationNotice: notice } : {}),
            };
          }),
        nextCursor: rows.length > limit && oldest ? encodeSeqCursor(oldest.seq) : null,
      };
    },

    /**
     * Appends a message while the thread takes them. The thread's row lock orders the
     * messages and keeps both sides' counters exact under concurrent sends. A refusal is thrown.
     */
    async send(threadId: string, senderId: string, text: string): Promise<Message> {
      if (!isUuid(threadId)) throw threadNotFound();
      const rules = await moderationRules(db);
      return db.transaction(async (tx) => {
        const thread = await lockThread(tx, threadId, senderId);
        if (!thread) throw threadNotFound();
        const reason = closedReason({
          id: thread.taskId,
          completedAt: thread.completedAt,
          closed: thread.closed,
          contact: thread.contact,
        });
        if (reason) throw threadClosed(reason);
        // Before the task is assigned (or with no task), contact details are looked for.
        const screened = screenText(rules, { body: text }, { contact: !thread.assigneeId });
        const body = screened.values.body;
        await checkNewAccount(tx, rules, senderId, 'messages', body);
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
        const sides = await tx
          .update(threadParticipants)
          .set({
            lastActivityAt: message.createdAt,
            unreadCount: sql`${threadParticipants.unreadCount} + case when ${threadParticipants.userId} = ${recipientId} then 1 else 0 end`,
          })
          .where(eq(threadParticipants.threadId, threadId))
          .returning({
            id: threadParticipants.userId,
            unreadCount: threadParticipants.unreadCount,
          });
        const recipient = sides.find((side) => side.id === recipientId);
        if (recipient) await mailRecipient(tx, thread, recipient, senderId, body);
        await events.publish(tx, {
          type: 'thread.message',
          threadId,
          userIds: [thread.ownerId, thread.bidderId],
        });
        await reportScreened(tx, rules, screened, {
          targetType: 'message',
          targetId: message.id,
          authorId: senderId,
          snapshot: { body, threadId },
        });
        return {
          ...message,
          createdAt: message.createdAt.toISOString(),
          ...(screened.warning ? { warning: screened.warning } : {}),
        };
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
