import type { AcceptResult, MyBid } from '../../../../shared/assignments/schema.ts';
import type {
  Bid,
  CreateBidInput,
  PlacedBid,
  WithdrawnBid,
} from '../../../../shared/bids/schema.ts';
import type { PageQuery } from '../../../../shared/paging/schema.ts';
import { apiList, apiRequest, type ApiList } from '../../../lib/api-client.ts';

/** One page of the bids on a task, oldest first, with their total. */
export function fetchBids(taskId: string, paging: PageQuery, signal?: AbortSignal) {
  return apiList<Bid>('/bids', { query: { taskId, ...paging }, signal });
}

/** Places my offer on the task, or changes the one I have there (`updated`). */
export function placeBid(input: CreateBidInput): Promise<PlacedBid> {
  return apiRequest<PlacedBid>('/bids', { method: 'POST', body: input });
}

/** Withdraws my pending offer; 409 once it is not pending. */
export function withdrawBid(bidId: string): Promise<WithdrawnBid> {
  return apiRequest<WithdrawnBid>(`/bids/${encodeURIComponent(bidId)}/withdraw`, {
    method: 'POST',
  });
}

/**
 * Awards the task to this bid; every other bid is declined. 409 once bidding is closed. With
 * payment protection on, the answer names the deal to pay (`dealId`), and the award waits for it.
 */
export function acceptBid(bidId: string): Promise<AcceptResult> {
  return apiRequest<AcceptResult>(`/bids/${encodeURIComponent(bidId)}/accept`, {
    method: 'POST',
  });
}

/** One page of the bids I placed, newest first. */
export function fetchMyBids(paging: PageQuery, signal?: AbortSignal): Promise<ApiList<MyBid>> {
  return apiList<MyBid>('/bids/mine', { query: { ...paging }, signal });
}
