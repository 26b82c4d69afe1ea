import type { AcceptResult, MyBid } from '../../../../shared/assignments.ts';
import type { Bid, CreateBidInput } from '../../../../shared/bids.ts';
import type { PageQuery } from '../../../../shared/paging.ts';
import type { InsertResult } from '../../../../shared/tasks.ts';
import { apiList, apiRequest, type ApiList } from '../../../lib/api-client.ts';

/** One page of the bids on a task, oldest first, with their total. */
export function fetchBids(taskId: string, paging: PageQuery, signal?: AbortSignal) {
  return apiList<Bid>('/bids', { query: { taskId, ...paging }, signal });
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
export function fetchMyBids(paging: PageQuery, signal?: AbortSignal): Promise<ApiList<MyBid>> {
  return apiList<MyBid>('/bids/mine', { query: { ...paging }, signal });
}
