import type { AcceptResult, LifecycleResult, MyBid } from '../../../../shared/assignments.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiListRequest, type ApiList } from '../../../lib/api-list.ts';

/** Awards the task to this bid; every other bid is declined. 409 once bidding is closed. */
export function acceptBid(bidId: string): Promise<AcceptResult> {
  return apiRequest<AcceptResult>(`/bids/${encodeURIComponent(bidId)}/accept`, {
    method: 'POST',
  });
}

export function completeTask(taskId: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/complete`, {
    method: 'POST',
  });
}

/** Takes the work back from the accepted bidder (who is told `reason`); bidding reopens. */
export function cancelAssignment(taskId: string, reason: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/cancel-assignment`, {
    method: 'POST',
    body: { reason },
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
