import { z } from 'zod';
import { REVIEW_LIMITS } from './limits.ts';

/**
 * Reviews after finished work, both ways: the task's owner reviews the freelancer who did
 * it, and the freelancer reviews the owner as a client. Double-blind: a review is published
 * when both sides have written theirs, or when the window closes, whichever comes first;
 * until then only its author sees it (and may edit it).
 */
export const REVIEW_WINDOW_DAYS = 14;
/** Who has not reviewed by then gets one reminder. */
export const REVIEW_REMINDER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
/** When reviews of work completed at `completedAt` publish and new ones are refused. */
export const reviewWindowEnd = (completedAt: Date) =>
  new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

/** The side the reviewed person was on: the client who posted, or the freelancer who did it. */
export const REVIEW_ROLES = ['client', 'freelancer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

const { rating, comment, reply } = REVIEW_LIMITS;

export const reviewInputSchema = z.object({
  rating: z
    .number()
    .int('Rating must be a whole number of stars')
    .min(rating.min, `Rating must be from ${rating.min} to ${rating.max}`)
    .max(rating.max, `Rating must be from ${rating.min} to ${rating.max}`),
  comment: z
    .string()
    .trim()
    .min(comment.minLength, `Comment must be at least ${comment.minLength} characters`)
    .max(comment.maxLength),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplySchema = z.object({
  reply: z.string().trim().min(1, 'Reply is required').max(reply.maxLength),
});

export const reviewIdParamsSchema = z.object({ id: z.string() });

const personRef = z.object({ id: z.string(), name: z.string() });

/** A review as the API shows it. `publishedAt` is null while only its author can see it. */
export const reviewSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  /** The side the reviewee was on. */
  role: z.enum(REVIEW_ROLES),
  reviewer: personRef,
  reviewee: personRef,
  reply: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The reviews of one task as a person who took part in it sees them. */
export const taskReviewsSchema = z.object({
  /** Published reviews of this task (both sides once published). */
  reviews: z.array(reviewSchema),
  /** The reader's own review, published or not; null when they have not written one. */
  mine: reviewSchema.nullable(),
  /** Whether the reader may write (or still edit) their review now. */
  canReview: z.boolean(),
  /** When the window closes: reviews publish and no new one is taken. Null until completed. */
  windowEndsAt: z.string().nullable(),
});
export type TaskReviews = z.infer<typeof taskReviewsSchema>;

/** An average of 1–5 stars over `count` published reviews; null average when there are none. */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The average with one decimal, from a sum and a count kept beside each other. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  return { average: count === 0 ? null : Math.round((sum / count) * 10) / 10, count };
}
