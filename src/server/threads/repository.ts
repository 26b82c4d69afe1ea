import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  THREAD_WRITABLE_DAYS_AFTER_COMPLETION,
  type Message,
  type Thread,
  type ThreadClosedReason,
  type ThreadSummary,
} from '../../shared/threads.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import {
  cursorTime,
  decodeCursor,
  decodeSeqCursor,
  encodeCursor,
  encodeSeqCursor,
  olderThan,
} from '../db/paging.ts';
import {
  bids,
  messages,
  notifications,
  tasks,
  threadParticipants,
  threads,
  user,
} from '../db/schema.ts';
import { columnsOf } from '../db/columns.ts';
import { notify } from '../notifications/repository.ts';
import type { EventBus } from '../events/bus.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest first line a summary carries. */
const FIRST_LINE_MAX = 200;

/** Why writing is closed, or null while it is open. */
export function closedReason(
  task: { id: string | null; completedAt: Date | null },
  now = Date.now(),
): ThreadClosedReason | null {
  if (task.id === null) return 'task-deleted';
  const { completedAt } = task;
  if (completedAt && now - completedAt.getTime() > THREAD_WRITABLE_DAYS_AFTER_COMPLETION * DAY_MS)
    return 'expired';
  return null;
}

export type OpenThreadResult =
  | { outcome: 'opened' | 'existing'; id: string }
  | { outcome: 'task-not-found' | 'bidder-required' | 'not-a-bidder' | 'forbidden' | 'closed' };

export type SendResult =
  | { outcome: 'sent'; message: Message }
  | { outcome: 'not-found' }
  | { outcome: 'closed'; reason: ThreadClosedReason };

export type MarkReadResult = { outcome: 'read' } | { outcome: 'not-found' | 'no-message' };

interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

const other = alias(threadParticipants, 'other_side');
const otherUser = alias(user, 'other_user');
const lastMessage = alias(messages, 'last_message');

export function createThreadRepository(db: Db, events: EventBus) {
  /** One user's side of threads, with everything a summary shows. */
  function summaries(reader: Db) {
    return reader
      .select({
        id: threadParticipants.threadId,
        /** The activity time at full precision, for the cursor. */
        activityKey: cursorTime(threadParticipants.lastActivityAt),
        lastActivityAt: threadParticipants.lastActivityAt,
        unreadCount: threadParticipants.unreadCount,
        otherId: threadParticipants.otherId,
        otherName: otherUser.name,
        taskId: threads.taskId,
        taskTitle: sql<string>`coalesce(${tasks.title}, ${threads.taskTitle})`,
        completedAt: tasks.completedAt,
        lastSenderId: lastMessage.senderId,
        lastFirstLine: sql<
          string | null
        >`left(split_part(${lastMessage.body}, E'\\n', 1), ${FIRST_LINE_MAX})`,
        lastCreatedAt: lastMessage.createdAt,
      })
      .from(threadParticipants)
      .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
      .innerJoin(otherUser, eq(otherUser.id, threadParticipants.otherId))
      .leftJoin(tasks, eq(tasks.id, threads.taskId))
      .leftJoin(
        lastMessage,
        and(eq(lastMessage.threadId, threads.id), eq(lastMessage.seq, threads.messageCount)),
      )
      .$dynamic();
  }
  type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

  function toSummary(r: SummaryRow, now = Date.now()): ThreadSummary {
    return {
      id: r.id,
      task: { id: r.taskId, title: r.taskTitle },
      other: { id: r.otherId, name: r.otherName },
      lastMessage:
        r.lastSenderId !== null && r.lastCreatedAt !== null
          ? {
              senderId: r.lastSenderId,
              firstLine: r.lastFirstLine ?? '',
              createdAt: r.lastCreatedAt.toISOString(),
            }
          : null,
      lastActivityAt: r.lastActivityAt.toISOString(),
      unreadCount: r.unreadCount,
      writable: closedReason({ id: r.taskId, completedAt: r.completedAt }, now) === null,
    };
  }

  /** The inbox page query, unexecuted (the index test EXPLAINs it). */
  function inboxQuery(reader: Db, userId: string, after: SQL | undefined, limit: number) {
    return summaries(reader)
      .where(and(eq(threadParticipants.userId, userId), after))
      .orderBy(
        // Exactly thread_participants_inbox_idx's order, so the index serves it.
        sql`${threadParticipants.lastActivityAt} desc nulls last`,
        sql`${threadParticipants.threadId} desc nulls last`,
      )
      .limit(limit);
  }

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

  /** Whether `userId` takes part in the thread (false for a malformed id). */
  async function participates(reader: Db, threadId: string, userId: string) {
    if (!isUuid(threadId)) return false;
    const [row] = await reader
      .select({ id: threadParticipants.threadId })
      .from(threadParticipants)
      .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)));
    return row !== undefined;
  }

  /**
   * The thread, locked for the rest of the transaction (every send and read of it takes
   * this lock first), with its task's state; undefined unless `userId` takes part in it.
   */
  async function lockThread(tx: Db, threadId: string, userId: string) {
    const [thread] = await tx
      .select({
        ownerId: threads.ownerId,
        bidderId: threads.bidderId,
        messageCount: threads.messageCount,
        taskId: threads.taskId,
        taskTitle: sql<string>`coalesce(${tasks.title}, ${threads.taskTitle})`,
        completedAt: tasks.completedAt,
      })
      .from(threads)
      .leftJoin(tasks, eq(tasks.id, threads.taskId))
      .where(eq(threads.id, threadId))
      .for('update', { of: threads });
    if (!thread || (thread.ownerId !== userId && thread.bidderId !== userId)) return undefined;
    return { ...thread, otherId: thread.ownerId === userId ? thread.bidderId : thread.ownerId };
  }

  /** The sum of the user's unread counters, through the partial index of those above 0. */
  function unreadQuery(reader: Db, userId: string) {
    return reader
      .select({ n: sql<number>`coalesce(sum(${threadParticipants.unreadCount}), 0)::int` })
      .from(threadParticipants)
      .where(
        and(eq(threadParticipants.userId, userId), sql`${threadParticipants.unreadCount} > 0`),
      );
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

  /** My newest message the other person has read ("Seen" goes under it): one index probe. */
  function seenQuery(reader: Db, threadId: string, userId: string, otherId: string) {
    const readPoint = reader
      .select({ seq: other.lastReadSeq })
      .from(other)
      .where(and(eq(other.threadId, threadId), eq(other.userId, otherId)));
    return reader
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          eq(messages.senderId, userId),
          sql`${messages.seq} <= (${readPoint})`,
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(1);
  }

  return {
    inboxQuery,
    messagesQuery,
    unreadQuery,
    seenQuery,

    /**
     * Opens the thread between the task's owner and one bidder, or finds it. The owner names
     * the bidder; a bidder opens their own. Thread and both sides are written together.
     */
    async open(taskId: string, callerId: string, bidderId?: string): Promise<OpenThreadResult> {
      if (!isUuid(taskId)) return { outcome: 'task-not-found' };
      return db.transaction(async (tx) => {
        const [task] = await tx
          .select(columnsOf(tasks, 'id', 'ownerId', 'title', 'completedAt'))
          .from(tasks)
          .where(eq(tasks.id, taskId))
          .for('share');
        if (!task) return { outcome: 'task-not-found' as const };
        const isOwner = task.ownerId === callerId;
        if (isOwner && !bidderId) return { outcome: 'bidder-required' as const };
        if (!isOwner && bidderId !== undefined && bidderId !== callerId)
          return { outcome: 'forbidden' as const };
        const bidder = isOwner ? bidderId! : callerId;
        const [bid] = await tx
          .select({ id: bids.id })
          .from(bids)
          .where(and(eq(bids.taskId, taskId), eq(bids.bidderId, bidder)))
          .limit(1);
        if (!bid) return { outcome: isOwner ? ('not-a-bidder' as const) : ('forbidden' as const) };

        const existing = async () => {
          const [row] = await tx
            .select({ id: threads.id })
            .from(threads)
            .where(and(eq(threads.taskId, taskId), eq(threads.bidderId, bidder)));
          return row;
        };
        const found = await existing();
        if (found) return { outcome: 'existing' as const, id: found.id };
        if (closedReason(task)) return { outcome: 'closed' as const };
        const [created] = await tx
          .insert(threads)
          .values({ taskId, taskTitle: task.title, ownerId: task.ownerId, bidderId: bidder })
          .onConflictDoNothing()
          .returning({ id: threads.id });
        if (!created) {
          // Opened by the other side a moment ago.
          const raced = await existing();
          if (!raced) throw new Error('thread vanished while opening');
          return { outcome: 'existing' as const, id: raced.id };
        }
        await tx.insert(threadParticipants).values([
          { threadId: created.id, userId: task.ownerId, otherId: bidder },
          { threadId: created.id, userId: bidder, otherId: task.ownerId },
        ]);
        return { outcome: 'opened' as const, id: created.id };
      });
    },

    /** One page of the user's threads, newest activity first. */
    async list(
      reader: Db,
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<Paged<ThreadSummary> | null> {
      let after: SQL | undefined;
      if (cursor !== undefined) {
        const key = decodeCursor(cursor);
        if (!key) return null;
        after = olderThan(threadParticipants.lastActivityAt, threadParticipants.threadId, key);
      }
      const rows = await inboxQuery(reader, userId, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const now = Date.now();
      return {
        items: page.map((r) => toSummary(r, now)),
        nextCursor:
          rows.length > limit && last ? encodeCursor({ at: last.activityKey, id: last.id }) : null,
      };
    },

    /** The thread as `userId` sees it, or null when they are not part of it. */
    async get(reader: Db, threadId: string, userId: string): Promise<Thread | null> {
      if (!isUuid(threadId)) return null;
      const [row] = await summaries(reader).where(
        and(eq(threadParticipants.userId, userId), eq(threadParticipants.threadId, threadId)),
      );
      if (!row) return null;
      const [seen] = await seenQuery(reader, threadId, userId, row.otherId);
      return {
        ...toSummary(row),
        closedReason: closedReason({ id: row.taskId, completedAt: row.completedAt }),
        otherLastReadMessageId: seen?.id ?? null,
      };
    },

    /** The newest `limit` messages before the cursor, oldest first; null: not theirs. */
    async messages(
      reader: Db,
      threadId: string,
      userId: string,
      before: string | undefined,
      limit: number,
    ): Promise<Paged<Message> | 'not-found' | 'bad-cursor'> {
      const beforeSeq = before === undefined ? null : decodeSeqCursor(before);
      if (beforeSeq === undefined) return 'bad-cursor';
      if (!(await participates(reader, threadId, userId))) return 'not-found';
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
     * messages and keeps both sides' counters exact under concurrent sends.
     */
    async send(threadId: string, senderId: string, body: string): Promise<SendResult> {
      if (!isUuid(threadId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        const thread = await lockThread(tx, threadId, senderId);
        if (!thread) return { outcome: 'not-found' as const };
        const reason = closedReason({ id: thread.taskId, completedAt: thread.completedAt });
        if (reason) return { outcome: 'closed' as const, reason };
        const recipientId = thread.otherId;
        const seq = thread.messageCount + 1;
        const [message] = await tx
          .insert(messages)
          .values({ threadId, seq, senderId, body })
          .returning({
            id: messages.id,
            threadId: messages.threadId,
            senderId: messages.senderId,
            body: messages.body,
            createdAt: messages.createdAt,
          });
        if (!message) throw new Error('insert returned no row');
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
        return {
          outcome: 'sent' as const,
          message: { ...message, createdAt: message.createdAt.toISOString() },
        };
      });
    },

    /** Marks read, for `userId`, every message up to `upTo` (a message of this thread). */
    async markRead(threadId: string, userId: string, upTo: string): Promise<MarkReadResult> {
      if (!isUuid(threadId)) return { outcome: 'not-found' };
      return db.transaction(async (tx) => {
        // The thread's lock orders this after any send in flight, so the count is exact.
        const thread = await lockThread(tx, threadId, userId);
        if (!thread) return { outcome: 'not-found' as const };
        const [target] = isUuid(upTo)
          ? await tx
              .select({ seq: messages.seq })
              .from(messages)
              .where(and(eq(messages.id, upTo), eq(messages.threadId, threadId)))
          : [];
        if (!target) return { outcome: 'no-message' as const };
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
        return { outcome: 'read' as const };
      });
    },

    /** Messages addressed to the user that they have not read, across their threads. */
    async unreadCount(reader: Db, userId: string): Promise<number> {
      const [row] = await unreadQuery(reader, userId);
      return row?.n ?? 0;
    },
  };
}
