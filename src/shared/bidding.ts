/**
 * Bid states and whether a task takes bids. Free of zod, so the browser may import it
 * (assignments.ts re-exports it for the server).
 */
export const BID_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type BidState = (typeof BID_STATES)[number];

export const CANCEL_REASON_MAX = 500;

/** My bids come 20 a page unless asked otherwise. */
export const MY_BIDS_PAGE_SIZE = 20;

/** Bidding is open while nobody is assigned and the task is not completed. */
export function isBiddingOpen(task: { assignedTo: string | null; status: string }): boolean {
  return task.assignedTo === null && task.status !== 'Completed';
}
