import { z } from 'zod';
import { CANCEL_REASON_MAX } from './bidding.ts';
import { TASK_STATUSES } from './constants.ts';
import { BID_STATES } from './lifecycle.ts';

export { CANCEL_REASON_MAX, MY_BIDS_PAGE_SIZE } from './bidding.ts';

/** Why the owner takes the work back from the accepted bidder (the bidder is told). */
export const cancelAssignmentSchema = z.object({
  reason: z.string().trim().min(1, 'is required').max(CANCEL_REASON_MAX),
});
export type CancelAssignmentInput = z.input<typeof cancelAssignmentSchema>;

export const acceptedSchema = z.object({
  acknowledged: z.literal(true),
  taskId: z.string(),
  acceptedBidId: z.string(),
  assignedTo: z.string(),
  declinedCount: z.number().int(),
});
export type AcceptResult = z.infer<typeof acceptedSchema>;

export const lifecycleResultSchema = z.object({
  acknowledged: z.literal(true),
  taskId: z.string(),
  status: z.enum(TASK_STATUSES),
});
export type LifecycleResult = z.infer<typeof lifecycleResultSchema>;

/** One of my bids, with the task it is on (for /my-bids). */
export const myBidSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  amount: z.number(),
  deadline: z.string(),
  timestamp: z.string(),
  status: z.enum(BID_STATES),
});
export type MyBid = z.infer<typeof myBidSchema>;
