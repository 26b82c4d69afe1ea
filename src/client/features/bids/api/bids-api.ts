import type { AcceptResult, MyBid } from '../../../../shared/assignments.ts';
import type { Bid, CreateBidInput } from '../../../../shared/bids.ts';
import type { InsertResult } from '../../../../shared/tasks.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiListRequest, type ApiList } from '../../../lib/api-list.ts';

/** The bids on a task, oldest first (the server's maximum page of 100). */
export function fetchBids(taskId: string, signal?: AbortSignal): Promise<Bid[]> {
  return apiRequest<Bid[]>('/bids', { query: { taskId, limit: 100 }, signal });
}

export function placeBid(input: CreateBidInput): Promise<InsertResult> {
  return apiRequest<InsertResult>('/bids', { method: 'POST', body: input });
}

/** Awards the task to this bid; every other bid is declined. 409 once bidding is closed. */
export function acceptBid(bidId: string): Promise<AcceptResult> {
  return apiRequest<AcceptResult>(`/bids/${encodeURIComponent(bidId)}/accept`, {
    method: 'POST',
  });
}

/** One page of the bids I placed, newest first. */
export function fetchMyBids(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ApiList<MyBid>> {
  return apiListRequest<MyBid>('/bids/mine', { query: { page, limit }, signal });
}
