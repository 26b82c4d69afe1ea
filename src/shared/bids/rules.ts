/**
 * Bid numbers, free of zod so the browser may import them (assignments.ts re-exports them for
 * the server). The bid states and when a task takes bids are in lifecycle.ts.
 */
export const CANCEL_REASON_MAX = 500;

/** My bids come 20 a page unless asked otherwise. */
export const MY_BIDS_PAGE_SIZE = 20;
