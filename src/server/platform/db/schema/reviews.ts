import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { REVIEW_LIMITS } from '../../../../shared/limits.ts';
import { REVIEW_ROLES } from '../../../../shared/reviews/rules.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, moderationRule, moderationState, oneOf, timestampNow } from './helpers.ts';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';

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
    /**
     * Whether it adds to the reviewee's rating, decided when it publishes: both people
     * verified then, and no other counted review by this reviewer of this reviewee in the six
     * months before (see features/reviews/review-window.ts). The sums on the account row are
     * exactly the counted reviews'.
     */
    counted: boolean('counted').notNull().default(false),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
  },
  (t) => [
    uniqueIndex('reviews_task_reviewer_idx').on(t.taskId, t.reviewerId),
    index('reviews_reviewee_published_idx')
      .on(t.revieweeId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('reviews_pair_counted_idx')
      .on(t.reviewerId, t.revieweeId, t.publishedAt)
      .where(sql`${t.counted}`),
    oneOf('reviews_role_check', t.role, REVIEW_ROLES),
    oneOf('reviews_moderation_check', t.moderation, MODERATION_STATES),
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
