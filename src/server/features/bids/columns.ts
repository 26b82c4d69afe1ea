import { bids } from '../../platform/db/schema.ts';

/** A bid's own fields (no ids, bidder or task). */
export const bidFieldColumns = {
  amount: bids.amount,
  deadline: bids.deadline,
  message: bids.message,
  status: bids.status,
  createdAt: bids.createdAt,
};
