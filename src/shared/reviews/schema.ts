import { z } from 'zod';
import { REVIEW_LIMITS } from '../limits.ts';
import { REVIEW_ROLES } from './rules.ts';

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
  /**
   * Whether it adds to the reviewee's rating: only between verified people, at most one by
   * the same reviewer of the same reviewee in six months. Others are shown, not counted.
   */
  counted: z.boolean(),
  /** Its reviewer only, while moderation keeps it from others (held, or removed). */
  moderationNotice: z.string().optional(),
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
