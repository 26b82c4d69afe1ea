import type { Review, ReviewInput, TaskReviews } from '../../../../shared/reviews/schema.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * The reviews of a completed task as its owner or its freelancer sees them; null for anyone
 * else (the server answers 403: they took no part).
 */
export async function fetchTaskReviews(
  taskId: string,
  signal?: AbortSignal,
): Promise<TaskReviews | null> {
  try {
    return await apiRequest<TaskReviews>(`/tasks/${encodeURIComponent(taskId)}/reviews`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

/** Writes my review of the task, or changes it while it is unpublished. */
export function saveReview(
  taskId: string,
  reviewId: string | null,
  input: ReviewInput,
): Promise<Review> {
  return reviewId
    ? apiRequest<Review>(`/reviews/${encodeURIComponent(reviewId)}`, { method: 'PUT', body: input })
    : apiRequest<Review>(`/tasks/${encodeURIComponent(taskId)}/reviews`, {
        method: 'POST',
        body: input,
      });
}

/** The reviewee's one public reply to a published review of them. */
export function replyToReview(reviewId: string, reply: string): Promise<Review> {
  return apiRequest<Review>(`/reviews/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    body: { reply },
  });
}
