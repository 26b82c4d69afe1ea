import { z } from 'zod';
import { BID_STATES } from './lifecycle.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { BID_LIMITS } from './limits.ts';
import { pageQuerySchema } from './paging.ts';
import { money, upcomingDate } from './tasks.ts';

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

/**
 * A bid as the API shows it. `userEmail` and `message` are present only for the task's
 * owner and for the caller's own bids.
 */
export const bidSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  /** The bidder's public id: their profile is /users/{userId}. */
  userId: z.string(),
  userName: z.string(),
  amount: z.number(),
  deadline: z.string(),
  /** When the bid was placed (ISO 8601). */
  timestamp: z.string(),
  status: z.enum(BID_STATES),
  userEmail: z.string().optional(),
  message: z.string().nullable().optional(),
});
export type Bid = z.infer<typeof bidSchema>;
