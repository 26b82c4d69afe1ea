import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  REVIEW_REMINDER_DAYS,
  REVIEW_WINDOW_DAYS,
  type ReviewRole,
} from '../../../shared/reviews/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { reviewRequests, reviews, tasks, user } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { MailTx } from '../../platform/mail/outbox.ts';
import { notify } from '../../platform/notify.ts';

/*
 * What happens around the reviews themselves: publishing (ratings kept and reviewees told),
 * the requests when a task completes, and the window's jobs (publish at its end, remind once).
 */

/** The moment `days` days before `now`, as SQL. */
const daysBefore = (now: Date, days: number) =>
  sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`;

/** At most one review by one person of another counts toward a rating in this span. */
export const COUNTED_REVIEW_EVERY = '6 months';

/** A review being published, as the rating and the notification need it. */
export interface PublishedReview {
  id: string;
  reviewerId: string;
  revieweeId: string;
  role: ReviewRole;
  rating: number;
  taskId: string;
  title: string;
  publishedAt: Date;
}

/**
 * Decides which of the reviews being published count toward ratings, adds those to their
 * reviewees' ratings, and tells each reviewee, in the transaction that published them. A
 * review counts when its reviewer and reviewee are both verified now and the reviewer has no
 * other counted review of the reviewee in the six months before it: two accounts cannot farm
 * stars by trading small tasks. Every published review is shown either way, marked.
 * `causedBy` is whose review completed the pair (null: the window's job).
 */
export async function publishedTogether(
  tx: MailTx,
  events: EventBus,
  published: PublishedReview[],
  causedBy: string | null = null,
) {
  if (published.length === 0) return;
  // Reviewees' rows are locked first, in one order, so that concurrent publications touching
  // the same people cannot deadlock, and two reviews of one person never both see the other
  // missing. NO KEY UPDATE, as the rating's UPDATE takes: it waits for another publisher but
  // not for the key-share locks that inserting rows referring to these people holds.
  const reviewees = [...new Set(published.map((r) => r.revieweeId))].sort();
  await tx
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, reviewees))
    .orderBy(user.id)
    .for('no key update');
  const people = [...new Set(published.flatMap((r) => [r.revieweeId, r.reviewerId]))];
  const verified = new Set(
    (
      await tx
        .select({ id: user.id })
        .from(user)
        .where(and(inArray(user.id, people), eq(user.emailVerified, true)))
    ).map((p) => p.id),
  );
  const ordered = published.toSorted((a, b) =>
    a.revieweeId === b.revieweeId
      ? a.role.localeCompare(b.role)
      : a.revieweeId.localeCompare(b.revieweeId),
  );
  for (const r of ordered) {
    if (!verified.has(r.reviewerId) || !verified.has(r.revieweeId)) continue;
    const [recent] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.reviewerId, r.reviewerId),
          eq(reviews.revieweeId, r.revieweeId),
          eq(reviews.counted, true),
          gt(
            reviews.publishedAt,
            sql`${r.publishedAt.toISOString()}::timestamptz - ${COUNTED_REVIEW_EVERY}::interval`,
          ),
        ),
      )
      .limit(1);
    if (recent) continue;
    await tx.update(reviews).set({ counted: true }).where(eq(reviews.id, r.id));
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
    causedBy,
  );
}

/**
 * When a task completes: both people (or only `people`, when one of them is gone) are asked
 * to review each other (a notification each, and a request the reminder job reads), in the
 * completing transaction.
 */
export async function requestReviews(
  tx: MailTx,
  events: EventBus,
  task: { id: string; title: string; ownerId: string; assigneeId: string },
  people: readonly string[] = [task.ownerId, task.assigneeId],
) {
  if (people.length === 0) return;
  await tx
    .insert(reviewRequests)
    .values(people.map((userId) => ({ taskId: task.id, userId })))
    .onConflictDoNothing();
  await notify(
    tx,
    events,
    people.map((userId) => ({
      userId,
      type: 'review.requested' as const,
      title: 'How did it go? Leave a review',
      body: `“${task.title}” is completed. Your review publishes once both of you have written one, or after ${REVIEW_WINDOW_DAYS} days.`,
      taskId: task.id,
    })),
    task.ownerId,
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
        id: reviews.id,
        reviewerId: reviews.reviewerId,
        revieweeId: reviews.revieweeId,
        role: reviews.role,
        rating: reviews.rating,
        taskId: reviews.taskId,
        title: tasks.title,
      });
    await publishedTogether(
      tx,
      events,
      rows.map((r) => ({ ...r, publishedAt: now })),
    );
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
