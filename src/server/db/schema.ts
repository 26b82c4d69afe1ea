import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BID_STATES } from '../../shared/lifecycle.ts';
import { CATEGORIES, PRIORITIES, TASK_STATUSES } from '../../shared/constants.ts';
import { NOTIFICATION_TYPES } from '../../shared/notifications.ts';
import { REVIEW_LIMITS } from '../../shared/limits.ts';
import { REVIEW_ROLES } from '../../shared/reviews.ts';

/**
 * A CHECK that the column holds one of `values` (the same list its `text({ enum })` type
 * reads). The values are our own constants, written into the migration as literals.
 */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    name,
    sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`,
  );

/* ---------- Accounts (the tables better-auth reads and writes) ---------- */

/**
 * better-auth's columns, then the person's rating on each side as a sum and a count of
 * published reviews: a review adds to them in the transaction that publishes it, and every
 * task card shows its poster's from the row it already reads for the name (no join).
 * better-auth reads and returns only the fields of its own schema, so these never reach its
 * answers, and nothing it accepts can write them.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  clientRatingSum: integer('client_rating_sum').notNull().default(0),
  clientRatingCount: integer('client_rating_count').notNull().default(0),
  freelancerRatingSum: integer('freelancer_rating_sum').notNull().default(0),
  freelancerRatingCount: integer('freelancer_rating_count').notNull().default(0),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/* ---------- Marketplace ---------- */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Money: exact in the database, a JSON number at the edges. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    estimatedTime: numeric('estimated_time', { precision: 7, scale: 1, mode: 'number' }),
    budget: money('budget'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('Not Started'),
    location: text('location'),
    /** The accepted bidder's name, as the API's `assignedTo` shows it. */
    assignedTo: text('assigned_to'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    acceptedBidId: uuid('accepted_bid_id'),
    /** When it was marked Completed: the review window runs from here. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))`,
    ),
  },
  (t) => [
    index('tasks_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('tasks_budget_idx').on(t.budget, t.id),
    // priceHigh: budget high to low with tasks without a budget last.
    index('tasks_budget_desc_idx').on(t.budget.desc().nullsLast(), t.id.desc()),
    index('tasks_deadline_idx').on(t.deadline, t.id),
    index('tasks_category_created_at_idx').on(t.category, t.createdAt.desc()),
    index('tasks_owner_created_at_idx').on(t.ownerId, t.createdAt.desc()),
    index('tasks_assignee_idx')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
    index('tasks_search_vector_idx').using('gin', t.searchVector),
    index('tasks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('tasks_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('tasks_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    oneOf('tasks_priority_check', t.priority, PRIORITIES),
    oneOf('tasks_category_check', t.category, CATEGORIES),
    oneOf('tasks_status_check', t.status, TASK_STATUSES),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    bidderId: text('bidder_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    message: text('message'),
    status: text('status', { enum: BID_STATES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bids_task_created_at_idx').on(t.taskId, t.createdAt),
    index('bids_bidder_created_at_idx').on(t.bidderId, t.createdAt.desc()),
    oneOf('bids_status_check', t.status, BID_STATES),
  ],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    oneOf('notifications_type_check', t.type, NOTIFICATION_TYPES),
  ],
);

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
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bidderId: text('bidder_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('threads_task_bidder_idx').on(t.taskId, t.bidderId)],
);

/**
 * Each participant's side of a thread (two rows a thread): their inbox order, how far they
 * have read and how many messages addressed to them are unread, kept in the transaction
 * that sends or marks read (both hold the thread's row lock).
 */
export const threadParticipants = pgTable(
  'thread_participants',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
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
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … within the thread: the order messages are read and paged in. */
    seq: integer('seq').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messages_thread_seq_idx').on(t.threadId, t.seq)],
);

/* ---------- Profiles and reviews ---------- */

/**
 * What a person writes on their public profile beyond their account (their ratings are
 * kept on the `user` row).
 */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  headline: text('headline').notNull().default(''),
  bio: text('bio').notNull().default(''),
  location: text('location').notNull().default(''),
  skills: text('skills')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One review per side per completed task; hidden from all but its author until published. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    revieweeId: text('reviewee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The side the reviewee was on. */
    role: text('role', { enum: REVIEW_ROLES }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_task_reviewer_idx').on(t.taskId, t.reviewerId),
    index('reviews_reviewee_published_idx')
      .on(t.revieweeId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    oneOf('reviews_role_check', t.role, REVIEW_ROLES),
    check(
      'reviews_rating_check',
      sql`${t.rating} between ${sql.raw(String(REVIEW_LIMITS.rating.min))} and ${sql.raw(String(REVIEW_LIMITS.rating.max))}`,
    ),
  ],
);

/**
 * Who was asked to review a completed task, and whether the one reminder went out: the
 * reminder job claims each row once, whichever instance runs it.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('review_requests_due_idx')
      .on(t.createdAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);

/* ---------- Questions on a task ---------- */

/**
 * Public questions on a task, newest first, with the owner's one answer. `hiddenAt`: the
 * owner hid it (only the owner and its asker still see it).
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    askerId: text('asker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    answer: text('answer'),
    /** When the answer was first given: it may be changed for a while after. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerEditedAt: timestamp('answer_edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_task_created_at_idx').on(t.taskId, t.createdAt.desc(), t.id.desc()),
    index('questions_asker_idx').on(t.askerId),
  ],
);

/* ---------- Mail ---------- */

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The outbox: every mail is a row written in the same transaction as what caused it, sent
 * later by a worker in whichever instance claims it first (see server/mail/outbox.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which template renders it (server/mail/templates). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    /** Set for mail about a user's activity: it goes when the account goes. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** Mails with one key are merged while queued and spaced out (new bids on a task). */
    coalesceKey: text('coalesce_key'),
    /** pending → sending (claimed) → sent | failed | skipped. */
    status: text('status', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending mail is due; for a claimed one, when its claim lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_coalesce_idx')
      .on(t.coalesceKey, t.createdAt.desc())
      .where(sql`${t.coalesceKey} is not null`),
    oneOf('mail_outbox_status_check', t.status, MAIL_STATES),
  ],
);

/** A row per notification type a user turned e-mail off for (or back on); none: on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    oneOf('notification_preferences_type_check', t.type, NOTIFICATION_TYPES),
  ],
);

/**
 * Rate-limit counters shared by every instance on one PostgreSQL server (server/http/
 * limit-store.ts): one row per key and window; rows past their window are deleted lazily.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/* ---------- Import from the first version (server/import) ---------- */

/** One run of `npm run import`: what it read and what it did; undone as a whole. */
export const importBatches = pgTable('import_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  tasksFile: text('tasks_file'),
  bidsFile: text('bids_file'),
  /** The printed summary's counts (imported, skipped, rejected by reason). */
  summary: jsonb('summary'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * The people an import brought: `createdAccount` when the import made the account (marked
 * imported, no password until claimed), false when an existing account gained the work.
 */
export const importedUsers = pgTable(
  'imported_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    createdAccount: boolean('created_account').notNull(),
  },
  (t) => [index('imported_users_batch_idx').on(t.batchId)],
);

/**
 * The first version's task ids (Mongo ObjectIds) and the task each became. The row outlives
 * its task (set null), so a second run still knows the record was imported.
 */
export const legacyTasks = pgTable(
  'legacy_tasks',
  {
    oldId: text('old_id').primaryKey(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('legacy_tasks_task_idx').on(t.taskId),
    index('legacy_tasks_batch_idx').on(t.batchId),
  ],
);

/** The first version's bid ids and the bid each became (see legacyTasks). */
export const legacyBids = pgTable(
  'legacy_bids',
  {
    oldId: text('old_id').primaryKey(),
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
  },
  (t) => [index('legacy_bids_bid_idx').on(t.bidId), index('legacy_bids_batch_idx').on(t.batchId)],
);
