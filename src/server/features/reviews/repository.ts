import { aliasedTable, and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { moderationNotice } from '../../../shared/operators/rules.ts';
import { type Review, type ReviewInput, type TaskReviews } from '../../../shared/reviews/schema.ts';
import {
  REVIEW_WINDOW_DAYS,
  reviewWindowEnd,
  type ReviewRole,
} from '../../../shared/reviews/rules.ts';
import { TASK_NOT_FOUND } from '../../../shared/messages.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { countedPage, mapPage, pageOffset } from '../../platform/db/paging.ts';
import { reviews, tasks, user } from '../../platform/db/schema.ts';
import { columnsOf } from '../../platform/db/columns.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { publishedTogether } from './review-window.ts';
import { moderationRules, reportScreened, screenText } from '../prevention/index.ts';

export const TASK_NOT_REVIEWABLE = 'Reviews open once the task is completed.';
export const NOT_A_PARTY =
  'Only the task’s owner and the freelancer who did the work can review it.';
export const WINDOW_CLOSED = `The ${REVIEW_WINDOW_DAYS}-day review window for this task has closed.`;
export const ALREADY_REVIEWED = 'You have already reviewed this task. You can edit your review.';
export const REVIEW_NOT_FOUND = 'Review not found.';
export const ALREADY_PUBLISHED = 'A published review can no longer be edited.';
export const ALREADY_REPLIED = 'You have already replied to this review.';
export const REPLY_NOT_YOURS = 'Only the person reviewed can reply, once the review is published.';

const reviewer = aliasedTable(user, 'reviewer');
const reviewee = aliasedTable(user, 'reviewee');

/** The columns a review is shown with: its people's names and its task's title. */
const reviewColumns = {
  id: reviews.id,
  taskId: reviews.taskId,
  taskTitle: tasks.title,
  rating: reviews.rating,
  comment: reviews.comment,
  role: reviews.role,
  reviewerId: reviews.reviewerId,
  reviewerName: reviewer.name,
  revieweeId: reviews.revieweeId,
  revieweeName: reviewee.name,
  reply: reviews.reply,
  createdAt: reviews.createdAt,
  publishedAt: reviews.publishedAt,
  counted: reviews.counted,
  moderation: reviews.moderation,
  moderationRule: reviews.moderationRule,
};

function selectReviews(db: Db) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(tasks, eq(tasks.id, reviews.taskId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId));
}

type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

function toReview(r: ReviewRow): Review {
  const notice = moderationNotice(r.moderation, r.moderationRule);
  return {
    _id: r.id,
    taskId: r.taskId,
    taskTitle: r.taskTitle,
    rating: r.rating,
    comment: r.comment,
    role: r.role,
    reviewer: { id: r.reviewerId, name: r.reviewerName },
    reviewee: { id: r.revieweeId, name: r.revieweeName },
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    counted: r.counted,
    ...(notice ? { moderationNotice: notice } : {}),
  };
}

/** A task's state and its two people: its owner, and the freelancer who did the work. */
function taskParties(db: Db, taskId: string) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      ownerId: tasks.ownerId,
      assigneeId: tasks.assigneeId,
      completedAt: tasks.completedAt,
    })
    .from(tasks)
    .where(eq(tasks.id, taskId));
}
type TaskParties = Awaited<ReturnType<typeof taskParties>>[number];

/** Who the reader reviews on this task, on which side; null when they took no part. */
function counterpart(task: TaskParties, userId: string): { id: string; role: ReviewRole } | null {
  if (!task.assigneeId) return null;
  if (userId === task.ownerId) return { id: task.assigneeId, role: 'freelancer' };
  if (userId === task.assigneeId) return { id: task.ownerId, role: 'client' };
  return null;
}

const windowOpen = (task: TaskParties, now: Date) =>
  task.completedAt !== null && now < reviewWindowEnd(task.completedAt);

export function createReviewRepository(db: Db, events: EventBus) {
  async function reviewById(tx: Db, id: string): Promise<Review | undefined> {
    const [row] = await selectReviews(tx).where(eq(reviews.id, id));
    return row && toReview(row);
  }

  return {
    /** The reviews of a task as one of its two people sees them (anyone else: 403). */
    async forTask(taskId: string, userId: string, now = new Date()): Promise<TaskReviews> {
      if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
      const [task] = await taskParties(db, taskId);
      if (!task) throw notFound(TASK_NOT_FOUND);
      if (!counterpart(task, userId)) throw forbidden(NOT_A_PARTY);
      const rows = await selectReviews(db)
        .where(eq(reviews.taskId, taskId))
        .orderBy(reviews.createdAt);
      const all = rows.map(toReview);
      const mine = all.find((r) => r.reviewer.id === userId) ?? null;
      const completed = task.status === 'Completed' && task.completedAt !== null;
      return {
        // What moderation holds or removed is read by its reviewer only, marked.
        reviews: all.filter(
          (r) => r.publishedAt !== null && (!r.moderationNotice || r.reviewer.id === userId),
        ),
        mine,
        canReview: completed && windowOpen(task, now) && (mine === null || !mine.publishedAt),
        windowEndsAt: task.completedAt ? reviewWindowEnd(task.completedAt).toISOString() : null,
      };
    },

    /**
     * Writes the reader's review of the other side of a completed task. When the other side
     * has written theirs already, both publish now (and both ratings change) in this
     * transaction; the task's row lock orders the two writers.
     */
    async write(taskId: string, userId: string, written: ReviewInput, now = new Date()) {
      const rules = await moderationRules(db);
      const screened = screenText(rules, { comment: written.comment }, { contact: false });
      const input = { ...written, comment: screened.values.comment };
      const id = await db.transaction(async (tx) => {
        const [task] = isUuid(taskId) ? await taskParties(tx, taskId).for('update') : [];
        if (!task) throw notFound(TASK_NOT_FOUND);
        const other = counterpart(task, userId);
        if (!other) throw forbidden(NOT_A_PARTY);
        if (task.status !== 'Completed' || !task.completedAt)
          throw conflict(TASK_NOT_REVIEWABLE, 'NOT_COMPLETED');
        if (!windowOpen(task, now)) throw conflict(WINDOW_CLOSED, 'REVIEW_WINDOW_CLOSED');
        const [created] = await tx
          .insert(reviews)
          .values({
            taskId,
            reviewerId: userId,
            revieweeId: other.id,
            role: other.role,
            rating: input.rating,
            comment: input.comment,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        if (!created) throw conflict(ALREADY_REVIEWED, 'ALREADY_REVIEWED');
        await reportScreened(tx, rules, screened, {
          targetType: 'review',
          targetId: created.id,
          authorId: userId,
          snapshot: { rating: input.rating, comment: input.comment },
        });
        const [theirs] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.taskId, taskId), eq(reviews.reviewerId, other.id)));
        if (theirs) {
          const published = await tx
            .update(reviews)
            .set({ publishedAt: now })
            .where(and(eq(reviews.taskId, taskId), isNull(reviews.publishedAt)))
            .returning({
              id: reviews.id,
              reviewerId: reviews.reviewerId,
              revieweeId: reviews.revieweeId,
              role: reviews.role,
              rating: reviews.rating,
              taskId: reviews.taskId,
            });
          const titled = published.map((r) => ({ ...r, title: task.title, publishedAt: now }));
          await publishedTogether(tx, events, titled, userId);
        }
        await events.publish(tx, { type: 'task.changed', taskId });
        return created.id;
      });
      return (await reviewById(db, id))!;
    },

    /** The author changes their review while it is unpublished and the window is open. */
    async edit(reviewId: string, userId: string, written: ReviewInput, now = new Date()) {
      if (!isUuid(reviewId)) throw notFound(REVIEW_NOT_FOUND);
      const rules = await moderationRules(db);
      const screened = screenText(rules, { comment: written.comment }, { contact: false });
      const input = { ...written, comment: screened.values.comment };
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            ...columnsOf(reviews, 'reviewerId', 'publishedAt'),
            completedAt: tasks.completedAt,
          })
          .from(reviews)
          .innerJoin(tasks, eq(tasks.id, reviews.taskId))
          .where(eq(reviews.id, reviewId))
          .for('update', { of: reviews });
        // Someone else's unpublished review does not exist for the reader.
        if (!row || row.reviewerId !== userId) throw notFound(REVIEW_NOT_FOUND);
        if (row.publishedAt) throw conflict(ALREADY_PUBLISHED, 'ALREADY_PUBLISHED');
        if (!row.completedAt || now >= reviewWindowEnd(row.completedAt))
          throw conflict(WINDOW_CLOSED, 'REVIEW_WINDOW_CLOSED');
        await tx
          .update(reviews)
          .set({ rating: input.rating, comment: input.comment, updatedAt: now })
          .where(eq(reviews.id, reviewId));
        await reportScreened(tx, rules, screened, {
          targetType: 'review',
          targetId: reviewId,
          authorId: userId,
          snapshot: { rating: input.rating, comment: input.comment },
        });
      });
      return (await reviewById(db, reviewId))!;
    },

    /** The reviewee's one public reply to a published review of them. */
    async reply(reviewId: string, userId: string, text: string) {
      if (!isUuid(reviewId)) throw notFound(REVIEW_NOT_FOUND);
      const [row] = await db
        .select(columnsOf(reviews, 'revieweeId', 'reviewerId', 'publishedAt'))
        .from(reviews)
        .where(eq(reviews.id, reviewId));
      const visible = row && (row.publishedAt !== null || row.reviewerId === userId);
      if (!visible) throw notFound(REVIEW_NOT_FOUND);
      if (row.revieweeId !== userId || !row.publishedAt) throw forbidden(REPLY_NOT_YOURS);
      const [done] = await db
        .update(reviews)
        .set({ reply: text })
        .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
        .returning({ id: reviews.id });
      if (!done) throw conflict(ALREADY_REPLIED, 'ALREADY_REPLIED');
      return (await reviewById(db, reviewId))!;
    },

    /** Published reviews a person received, newest first. */
    async received(userId: string, page: number, limit: number): Promise<Page<Review>> {
      const theirs = and(
        eq(reviews.revieweeId, userId),
        isNotNull(reviews.publishedAt),
        isNull(reviews.moderation),
      );
      const found = await countedPage(
        { page, limit },
        selectReviews(db)
          .where(theirs)
          .orderBy(desc(reviews.publishedAt), desc(reviews.id))
          .limit(limit)
          .offset(pageOffset({ page, limit })),
        db.select({ n: count() }).from(reviews).where(theirs),
      );
      return mapPage(found, toReview);
    },
  };
}
