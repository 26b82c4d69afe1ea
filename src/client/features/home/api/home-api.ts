import type { CategoryCount, Task } from '../../../../shared/tasks/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const FEATURED_TASK_COUNT = 6;

/** The six open tasks with the nearest deadlines. */
export function fetchFeaturedTasks(signal: AbortSignal): Promise<Task[]> {
  return apiRequest<Task[]>('/tasks', {
    query: { sort: 'deadline', limit: FEATURED_TASK_COUNT },
    signal,
  });
}

/** Every category with its number of tasks. */
export function fetchCategoryCounts(signal: AbortSignal): Promise<CategoryCount[]> {
  return apiRequest<CategoryCount[]>('/tasks/categories', { signal });
}
