import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVIEW_LIMITS } from '../../../shared/limits.ts';
import { REVIEW_ROLES } from '../../../shared/reviews.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

/** One review per side per completed task; hidden from all but its author until published. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: belongsTo(uuid('task_id'), () => tasks.id),
    reviewerId: belongsTo(text('reviewer_id'), () => user.id),
    revieweeId: belongsTo(text('reviewee_id'), () => user.id),
    /** The side the reviewee was on. */
    role: text('role', { enum: REVIEW_ROLES }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    reply: text('reply'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
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
    taskId: belongsTo(uuid('task_id'), () => tasks.id),
    userId: belongsTo(text('user_id'), () => user.id),
    createdAt: timestampNow('created_at'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('review_requests_due_idx')
      .on(t.createdAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);
