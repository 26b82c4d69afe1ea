import type { Bid, CreateBidInput } from '../../../../shared/bids.ts';
import type { InsertResult } from '../../../../shared/tasks.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The bids on a task, oldest first (the server's maximum page of 100). */
export function fetchBids(taskId: string, signal?: AbortSignal): Promise<Bid[]> {
  return apiRequest<Bid[]>('/bids', { query: { taskId, limit: 100 }, signal });
}

export function placeBid(input: CreateBidInput): Promise<InsertResult> {
  return apiRequest<InsertResult>('/bids', { method: 'POST', body: input });
}
