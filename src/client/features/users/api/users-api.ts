import type { PublicProfile } from '../../../../shared/profiles/schema.ts';
import type { Review } from '../../../../shared/reviews/schema.ts';
import { apiList, apiRequest, type ApiList } from '../../../lib/api-client.ts';

export const REVIEWS_PAGE_SIZE = 10;

export function fetchProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest<PublicProfile>(`/users/${encodeURIComponent(id)}`, { signal });
}

/** One page of the published reviews a person received, newest first. */
export function fetchReceivedReviews(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<ApiList<Review>> {
  return apiList<Review>(`/users/${encodeURIComponent(id)}/reviews`, {
    query: { page, limit: REVIEWS_PAGE_SIZE },
    signal,
  });
}
