import { z } from 'zod';
import { BID_STATES } from '../lifecycle.ts';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { BID_LIMITS } from '../limits.ts';
import { pageQuerySchema } from '../paging/schema.ts';
import { ratingSummarySchema } from '../reviews/schema.ts';
import { money, upcomingDate } from '../tasks/schema.ts';

/**
 * What the bid form sends. Identity fields (`userEmail`, `userName`, `timestamp`) and other
 * unknown keys are dropped: the bidder and the time come from the server.
 */
export const createBidSchema = z.object({
  taskId: z.string().min(1, 'is required').max(100),
  amount: money(BID_LIMITS.amount),
  deadline: upcomingDate(BID_LIMITS.deadline),
  message: z.union([z.string().trim().max(BID_LIMITS.message.maxLength), z.null()]).optional(),
});
export type CreateBidInput = z.input<typeof createBidSchema>;

/** A task's bids: paged, 100 a page unless asked otherwise. */
export const bidListQuerySchema = z.object({
  taskId: z.string().min(1, 'is required').max(100),
  ...pageQuerySchema(MAX_PAGE_SIZE).shape,
});
export type BidListQuery = z.input<typeof bidListQuerySchema>;

/** What a poster decides on: the bidder's track record as a freelancer (public). */
export const bidderRecordSchema = z.object({
  /** Their photo's address, or null (the card shows their initial). */
  image: z.string().nullable(),
  /** When they joined (ISO 8601). */
  memberSince: z.string(),
  /** Their rating from reviews of work they did. */
  rating: ratingSummarySchema,
  jobsCompleted: z.number().int(),
});
export type BidderRecord = z.infer<typeof bidderRecordSchema>;

/** An earlier version of an offer, and when it was replaced (newest first). */
export const bidRevisionSchema = z.object({
  amount: z.number(),
  deadline: z.string(),
  message: z.string().nullable(),
  /** The offer's state then: pending, or withdrawn when bidding again brought it back. */
  status: z.enum(BID_STATES),
  replacedAt: z.string(),
});
export type BidRevision = z.infer<typeof bidRevisionSchema>;

/**
 * A bid as the API shows it: one person's offer. `userEmail`, `message` and `history` are
 * present only for the task's owner and for the caller's own bids.
 */
export const bidSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  /** The bidder's public id: their profile is /users/{userId}. */
  userId: z.string(),
  userName: z.string(),
  amount: z.number(),
  deadline: z.string(),
  /** When the offer was first placed (ISO 8601): its place in the order, kept by changes. */
  timestamp: z.string(),
  /** When the offer last changed (ISO 8601), or null. */
  editedAt: z.string().nullable(),
  status: z.enum(BID_STATES),
  bidder: bidderRecordSchema,
  userEmail: z.string().optional(),
  message: z.string().nullable().optional(),
  /** Its bidder only, while moderation keeps it from others (held, or removed with the rule). */
  moderationNotice: z.string().optional(),
  /** The values it replaced, newest first (at most MAX_BID_CHANGES). */
  history: z.array(bidRevisionSchema).optional(),
});
export type Bid = z.infer<typeof bidSchema>;

/** What bidding answers: the offer's id, new (201) or changed (200). */
export const placedBidSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  /** True when the bid changed the person's existing offer instead of placing one. */
  updated: z.boolean(),
  /** Said beside the form when the message held contact or payment details. */
  warning: z.string().optional(),
});
export type PlacedBid = z.infer<typeof placedBidSchema>;

/** What withdrawing answers. */
export const withdrawnBidSchema = z.object({
  acknowledged: z.literal(true),
  withdrawnBidId: z.string(),
  taskId: z.string(),
});
export type WithdrawnBid = z.infer<typeof withdrawnBidSchema>;
