import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Thread, ThreadPage, ThreadSummary } from '../../../shared/threads/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { cursorTime, decodeCursor, encodeCursor, olderThan } from '../../platform/db/paging.ts';
import { literalLimit, perPageSize, preparedPerReader } from '../../platform/db/prepared.ts';
import {
  bids,
  messages,
  tasks,
  threadParticipants,
  threads,
  user,
} from '../../platform/db/schema.ts';
import { columnsOf } from '../../platform/db/columns.ts';
import { TASK_NOT_FOUND, THREAD_MESSAGES } from '../../../shared/messages.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { accountDeleted } from '../account/index.ts';
import { assertMayContact, contactStateSql } from '../blocks/index.ts';
import { closedReason, threadClosed } from './access.ts';
import { badCursor } from '../../platform/http/paging.ts';

/** The longest first line a summary carries. */
const FIRST_LINE_MAX = 200;

/** The thread opened or found, and whether this call created it. */
export interface OpenedThread {
  id: string;
  created: boolean;
}

/** Exactly thread_participants_inbox_idx's order, so the index serves it. */
const INBOX_ORDER = [
  sql`${threadParticipants.lastActivityAt} desc nulls last`,
  sql`${threadParticipants.threadId} desc nulls last`,
];

/** A page of one person's participant rows, named as the table so the columns still apply. */
function inboxPage(
  reader: Db,
  userId: string | Placeholder,
  after: SQL | undefined,
  limit: number,
) {
  return reader
    .select()
    .from(threadParticipants)
    .where(and(eq(threadParticipants.userId, userId), after))
    .orderBy(...INBOX_ORDER)
    .limit(limit)
    .as('thread_participants');
}
type InboxPage = ReturnType<typeof inboxPage>;

const other = alias(threadParticipants, 'other_side');
const otherUser = alias(user, 'other_user');
const lastMessage = alias(messages, 'last_message');

/** Threads: opening one, a person's inbox, one thread as they see it, the unread total. */
export function createThreadRepository(db: Db) {
  /**
   * One user's side of threads, with everything a summary shows: from their participant
   * rows, or from a page of them cut beforehand (`inboxQuery`).
   */
  function summaries(
    reader: Db,
    sides: typeof threadParticipants | InboxPage = threadParticipants,
  ) {
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
        taskBudget: tasks.budget,
        taskStatus: tasks.status,
        completedAt: tasks.completedAt,
        closed: threads.closedReason,
        /** A block between the two, as this side sees it. */
        contact: contactStateSql(threadParticipants.userId, threadParticipants.otherId),
        lastSenderId: lastMessage.senderId,
        lastFirstLine: sql<
          string | null
        >`case when ${lastMessage.moderation} is null or ${lastMessage.senderId} = ${threadParticipants.userId}
          then left(split_part(${lastMessage.body}, E'\\n', 1), ${FIRST_LINE_MAX}) end`,
        lastCreatedAt: lastMessage.createdAt,
      })
      .from(sides)
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

  /** What decides whether the row's thread takes messages. */
  const closing = (r: SummaryRow) => ({
    id: r.taskId,
    completedAt: r.completedAt,
    closed: r.closed,
    contact: r.contact,
  });

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
      writable: closedReason(closing(r), now) === null,
    };
  }

  /**
   * The inbox page query, unexecuted (the index test EXPLAINs it). The page's participant
   * rows are cut first, in a subquery under the table's own name: the joins are then planned
   * for a page of rows whoever is reading, so PostgreSQL keeps one generic plan for the named
   * statement instead of planning the six-table join on every request.
   */
  function inboxQuery(
    reader: Db,
    userId: string | Placeholder,
    after: SQL | undefined,
    limit: number,
  ) {
    return summaries(reader, inboxPage(reader, userId, after, limit)).orderBy(...INBOX_ORDER);
  }

  /** The sum of the user's unread counters, through the partial index of those above 0. */
  function unreadQuery(reader: Db, userId: string | Placeholder) {
    return reader
      .select({ n: sql<number>`coalesce(sum(${threadParticipants.unreadCount}), 0)::int` })
      .from(threadParticipants)
      .where(
        and(eq(threadParticipants.userId, userId), sql`${threadParticipants.unreadCount} > 0`),
      );
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

  /**
   * One of the user's threads as they see it. "Seen" is read apart (`seenQuery`): inside this
   * statement its probe would be planned for a thread of average length, a scan of every
   * message up to the read point in a long one.
   */
  function threadQuery(reader: Db, threadId: string | Placeholder, userId: string | Placeholder) {
    return summaries(reader).where(
      and(eq(threadParticipants.userId, userId), eq(threadParticipants.threadId, threadId)),
    );
  }

  /**
   * The reads behind every inbox, thread and unread count, sent as named statements: each
   * pooled connection parses and plans them once, and Node builds their SQL once. The inbox
   * has one statement per page size, the size written into it (`literalLimit`).
   */
  const statements = preparedPerReader((reader) => {
    const p = sql.placeholder;
    const after = olderThan(threadParticipants.lastActivityAt, threadParticipants.threadId, {
      at: p('at'),
      id: p('id'),
    });
    return {
      inbox: perPageSize((size) =>
        inboxQuery(reader, p('userId'), undefined, literalLimit(size)).prepare(
          `thread_inbox_${size}`,
        ),
      ),
      inboxAfter: perPageSize((size) =>
        inboxQuery(reader, p('userId'), after, literalLimit(size)).prepare(
          `thread_inbox_after_${size}`,
        ),
      ),
      thread: threadQuery(reader, p('threadId'), p('userId')).prepare('thread_as_seen'),
      unread: unreadQuery(reader, p('userId')).prepare('thread_unread_total'),
    };
  });

  return {
    inboxQuery,
    unreadQuery,
    seenQuery,
    threadQuery,

    /**
     * Opens the thread between the task's owner and one bidder, or finds it. The owner names
     * the bidder; a bidder opens their own. Thread and both sides are written together; a
     * refusal is thrown.
     */
    async open(taskId: string, callerId: string, bidderId?: string): Promise<OpenedThread> {
      if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [task] = await tx
          .select(columnsOf(tasks, 'id', 'ownerId', 'title', 'completedAt'))
          .from(tasks)
          .where(eq(tasks.id, taskId))
          .for('share');
        if (!task) throw notFound(TASK_NOT_FOUND);
        const isOwner = task.ownerId === callerId;
        if (isOwner && !bidderId)
          throw badRequest(THREAD_MESSAGES.bidderRequired, 'BAD_REQUEST', [
            { path: 'body.bidderId', message: 'is required' },
          ]);
        if (!isOwner && bidderId !== undefined && bidderId !== callerId)
          throw forbidden(THREAD_MESSAGES.forbidden);
        const bidder = isOwner ? bidderId! : callerId;
        const [bid] = await tx
          .select({ id: bids.id })
          .from(bids)
          .where(and(eq(bids.taskId, taskId), eq(bids.bidderId, bidder)))
          .limit(1);
        if (!bid)
          throw isOwner
            ? notFound(THREAD_MESSAGES.notABidder)
            : forbidden(THREAD_MESSAGES.forbidden);

        const existing = async () => {
          const [row] = await tx
            .select({ id: threads.id })
            .from(threads)
            .where(and(eq(threads.taskId, taskId), eq(threads.bidderId, bidder)));
          return row;
        };
        const found = await existing();
        if (found) return { id: found.id, created: false };
        if (closedReason(task)) throw threadClosed('expired');
        // Nobody starts a conversation across a block (either way).
        await assertMayContact(tx, callerId, isOwner ? bidder : task.ownerId);
        const gone = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(inArray(user.id, [task.ownerId, bidder]), accountDeleted()));
        if (gone.length > 0) throw threadClosed('account-deleted');
        const [created] = await tx
          .insert(threads)
          .values({ taskId, taskTitle: task.title, ownerId: task.ownerId, bidderId: bidder })
          .onConflictDoNothing()
          .returning({ id: threads.id });
        if (!created) {
          // Opened by the other side a moment ago.
          const raced = await existing();
          if (!raced) throw new Error('thread vanished while opening');
          return { id: raced.id, created: false };
        }
        await tx.insert(threadParticipants).values([
          { threadId: created.id, userId: task.ownerId, otherId: bidder },
          { threadId: created.id, userId: bidder, otherId: task.ownerId },
        ]);
        return { id: created.id, created: true };
      });
    },

    /** One page of the user's threads, newest activity first. */
    async list(
      reader: Db,
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<ThreadPage> {
      const key = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && !key) throw badCursor();
      const { inbox, inboxAfter } = statements(reader);
      const rows = await (key
        ? inboxAfter(limit + 1).execute({ userId, at: key.at, id: key.id })
        : inbox(limit + 1).execute({ userId }));
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
      const [row] = await statements(reader).thread.execute({ threadId, userId });
      if (!row) return null;
      const [seen] = await seenQuery(reader, threadId, userId, row.otherId);
      const summary = toSummary(row);
      return {
        ...summary,
        task: { ...summary.task, budget: row.taskBudget, status: row.taskStatus },
        closedReason: closedReason(closing(row)),
        contact: row.contact,
        otherLastReadMessageId: seen?.id ?? null,
      };
    },

    /** Messages addressed to the user that they have not read, across their threads. */
    async unreadCount(reader: Db, userId: string): Promise<number> {
      const [row] = await statements(reader).unread.execute({ userId });
      return row?.n ?? 0;
    },
  };
}
