import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, moderationRule, moderationState, oneOf, timestampNow } from './helpers.ts';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';

/** The reasons a thread's row keeps (the others follow from its task). */
const STORED_CLOSED_REASONS = ['account-deleted'] as const;

/* ---------- Private messages ---------- */

/**
 * A conversation about one task between its owner and one bidder. It outlives its task:
 * deleting the task clears `task_id` (writing closes) and `task_title` keeps the name.
 * `message_count` numbers the messages (each message's `seq`), under this row's lock.
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    taskTitle: text('task_title').notNull(),
    ownerId: belongsTo(text('owner_id'), () => user.id),
    bidderId: belongsTo(text('bidder_id'), () => user.id),
    messageCount: integer('message_count').notNull().default(0),
    /** Set when writing closed for good (one of the two deleted their account). */
    closedReason: text('closed_reason', { enum: STORED_CLOSED_REASONS }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('threads_task_bidder_idx').on(t.taskId, t.bidderId),
    oneOf('threads_closed_reason_check', t.closedReason, STORED_CLOSED_REASONS),
  ],
);

/**
 * Each participant's side of a thread (two rows a thread): their inbox order, how far they
 * have read and how many messages addressed to them are unread, kept in the transaction
 * that sends or marks read (both hold the thread's row lock).
 */
export const threadParticipants = pgTable(
  'thread_participants',
  {
    threadId: belongsTo(uuid('thread_id'), () => threads.id),
    userId: belongsTo(text('user_id'), () => user.id),
    otherId: belongsTo(text('other_id'), () => user.id),
    lastActivityAt: timestampNow('last_activity_at'),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('thread_participants_inbox_idx').on(t.userId, t.lastActivityAt.desc(), t.threadId.desc()),
    index('thread_participants_unread_idx')
      .on(t.userId)
      .where(sql`${t.unreadCount} > 0`),
    check('thread_participants_unread_check', sql`${t.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: belongsTo(uuid('thread_id'), () => threads.id),
    /** 1, 2, 3 … within the thread: the order messages are read and paged in. */
    seq: integer('seq').notNull(),
    senderId: belongsTo(text('sender_id'), () => user.id),
    body: text('body').notNull(),
    createdAt: timestampNow('created_at'),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
  },
  (t) => [
    uniqueIndex('messages_thread_seq_idx').on(t.threadId, t.seq),
    oneOf('messages_moderation_check', t.moderation, MODERATION_STATES),
  ],
);
