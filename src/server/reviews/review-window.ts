import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { REVIEW_REMINDER_DAYS, REVIEW_WINDOW_DAYS, type ReviewRole } from '../../shared/reviews.ts';
import type { Db } from '../db/client.ts';
import { reviewRequests, reviews, tasks, user } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import type { MailTx } from '../mail/outbox.ts';
import { notify } from '../notifications/repository.ts';

/*
 * What happens around the reviews themselves: publishing (ratings kept and reviewees told),
 * the requests when a task completes, and the window's jobs (publish at its end, remind once).
 */

/** The moment `days` days before `now`, as SQL. */
const daysBefore = (now: Date, days: number) =>
  sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`;

/**
 * Adds published reviews to their reviewees' ratings and tells each reviewee, in the
 * transaction that published them.
 */
export async function publishedTogether(
  tx: MailTx,
  events: EventBus,
  published: {
    revieweeId: string;
    role: ReviewRole;
    rating: number;
    taskId: string;
    title: string;
  }[],
) {
  // Rows are locked in one order (by person, then side) so that concurrent publications
  // touching the same two people cannot deadlock.
  const ordered = published.toSorted((a, b) =>
    a.revieweeId === b.revieweeId
      ? a.role.localeCompare(b.role)
      : a.revieweeId.localeCompare(b.revieweeId),
  );
  for (const r of ordered) {
    await tx
      .update(user)
      .set(
        r.role === 'client'
          ? {
              clientRatingSum: sql`${user.clientRatingSum} + ${r.rating}`,
              clientRatingCount: sql`${user.clientRatingCount} + 1`,
            }
          : {
              freelancerRatingSum: sql`${user.freelancerRatingSum} + ${r.rating}`,
              freelancerRatingCount: sql`${user.freelancerRatingCount} + 1`,
            },
      )
      .where(eq(user.id, r.revieweeId));
  }
  await notify(
    tx,
    events,
    published.map((r) => ({
      userId: r.revieweeId,
      type: 'review.published' as const,
      title: 'A review of you was published',
      body: `You received ${r.rating} of 5 stars for “${r.title}”.`,
      taskId: r.taskId,
    })),
  );
}

/**
 * When a task completes: both people are asked to review each other (a notification each,
 * and a request the reminder job reads), in the completing transaction.
 */
export async function requestReviews(
  tx: MailTx,
  events: EventBus,
  task: { id: string; title: string; ownerId: string; assigneeId: string },
) {
  await tx
    .insert(reviewRequests)
    .values([
      { taskId: task.id, userId: task.ownerId },
      { taskId: task.id, userId: task.assigneeId },
    ])
    .onConflictDoNothing();
  await notify(
    tx,
    events,
    [task.ownerId, task.assigneeId].map((userId) => ({
      userId,
      type: 'review.requested' as const,
      title: 'How did it go? Leave a review',
      body: `“${task.title}” is completed. Your review publishes once both of you have written one, or after ${REVIEW_WINDOW_DAYS} days.`,
      taskId: task.id,
    })),
  );
}

/**
 * The periodic work of the review window, safe to run on every instance at once (each row
 * is claimed by one UPDATE): reviews of work completed more than the window ago publish
 * (and count in ratings), and who has not reviewed after the reminder delay gets a reminder.
 */
export async function runReviewJobs(db: Db, events: EventBus, now = new Date()) {
  const published = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({ publishedAt: now })
      .from(tasks)
      .where(
        and(
          eq(tasks.id, reviews.taskId),
          isNull(reviews.publishedAt),
          lte(tasks.completedAt, daysBefore(now, REVIEW_WINDOW_DAYS)),
        ),
      )
      .returning({
        revieweeId: reviews.revieweeId,
        role: reviews.role,
        rating: reviews.rating,
        taskId: reviews.taskId,
        title: tasks.title,
      });
    await publishedTogether(tx, events, rows);
    return rows.length;
  });

  const reminded = await db.transaction(async (tx) => {
    const due = await tx
      .update(reviewRequests)
      .set({ remindedAt: now })
      .from(tasks)
      .where(
        and(
          eq(tasks.id, reviewRequests.taskId),
          isNull(reviewRequests.remindedAt),
          lte(reviewRequests.createdAt, daysBefore(now, REVIEW_REMINDER_DAYS)),
          gt(tasks.completedAt, daysBefore(now, REVIEW_WINDOW_DAYS)),
          sql`not exists (select 1 from ${reviews} where ${reviews.taskId} = ${reviewRequests.taskId} and ${reviews.reviewerId} = ${reviewRequests.userId})`,
        ),
      )
      .returning({ userId: reviewRequests.userId, taskId: tasks.id, title: tasks.title });
    await notify(
      tx,
      events,
      due.map((r) => ({
        userId: r.userId,
        type: 'review.reminder' as const,
        title: 'A review is still waiting for you',
        body: `You have not reviewed “${r.title}” yet. The window closes ${REVIEW_WINDOW_DAYS} days after completion.`,
        taskId: r.taskId,
      })),
    );
    return due.length;
  });
  return { published, reminded };
}
