import { z } from 'zod';
import { CANCEL_REASON_MAX } from '../bids/rules.ts';
import { TASK_STATUSES } from '../constants.ts';
import { BID_STATES } from '../lifecycle.ts';

/** Why the owner takes the work back from the accepted bidder (the bidder is told). */
export const cancelAssignmentSchema = z.object({
  reason: z.string().trim().min(1, 'is required').max(CANCEL_REASON_MAX),
});
export type CancelAssignmentInput = z.input<typeof cancelAssignmentSchema>;

/** What the worker says is wrong when disputing a completion (the owner is told). */
export const disputeCompletionSchema = cancelAssignmentSchema;
export type DisputeCompletionInput = CancelAssignmentInput;

export const acceptedSchema = z.object({
  acknowledged: z.literal(true),
  taskId: z.string(),
  acceptedBidId: z.string(),
  assignedTo: z.string(),
  declinedCount: z.number().int(),
  /** With payments on: the deal awaiting the poster's payment (null with payments off). */
  dealId: z.string().nullable(),
});
export type AcceptResult = z.infer<typeof acceptedSchema>;

export const lifecycleResultSchema = z.object({
  acknowledged: z.literal(true),
  taskId: z.string(),
  status: z.enum(TASK_STATUSES),
  /** Marking completed: when the completion confirms itself unless the worker answers. */
  confirmsAt: z.string().optional(),
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
