import type { LifecycleResult } from '../../../../shared/assignments/schema.ts';
import type { PageQuery } from '../../../../shared/paging/schema.ts';
import type {
  CategoryCount,
  CreateTaskInput,
  DeleteResult,
  InsertResult,
  Task,
  TaskDetail,
  TaskListQuery,
  UpdateResult,
  UpdateTaskInput,
} from '../../../../shared/tasks/schema.ts';
import { apiList, apiRequest, type ApiList } from '../../../lib/api-client.ts';

/** One page of the browse list, with the number of all matches. */
export function fetchTaskPage(query: TaskListQuery, signal?: AbortSignal): Promise<ApiList<Task>> {
  return apiList<Task>('/tasks', { query: { ...query }, signal });
}

/** One page of the signed-in user's own tasks (the server answers only for the caller). */
export function fetchMyTasks(email: string, paging: PageQuery, signal?: AbortSignal) {
  return apiList<Task>('/tasks', { query: { email, ...paging }, signal });
}

export function fetchCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return apiRequest<CategoryCount[]>('/tasks/categories', { signal });
}

export function fetchTask(id: string, signal?: AbortSignal): Promise<TaskDetail> {
  return apiRequest<TaskDetail>(`/tasks/${encodeURIComponent(id)}`, { signal });
}

export function createTask(input: CreateTaskInput): Promise<InsertResult> {
  return apiRequest<InsertResult>('/tasks', { method: 'POST', body: input });
}

export function updateTask(id: string, input: UpdateTaskInput): Promise<UpdateResult> {
  return apiRequest<UpdateResult>(`/tasks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

export function deleteTask(id: string): Promise<DeleteResult> {
  return apiRequest<DeleteResult>(`/tasks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The owner marks it completed: it waits for the worker's confirmation (`confirmsAt`). */
export function completeTask(taskId: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/complete`, {
    method: 'POST',
  });
}

/** The worker confirms the owner's "completed": the task is Completed and reviews open. */
export function confirmCompletion(taskId: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/confirm-completion`, {
    method: 'POST',
  });
}

/** The worker says what is wrong (the owner is told `reason`); the task stays In Progress. */
export function disputeCompletion(taskId: string, reason: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/dispute-completion`, {
    method: 'POST',
    body: { reason },
  });
}

/** Takes the work back from the accepted bidder (who is told `reason`); bidding reopens. */
export function cancelAssignment(taskId: string, reason: string): Promise<LifecycleResult> {
  return apiRequest<LifecycleResult>(`/tasks/${encodeURIComponent(taskId)}/cancel-assignment`, {
    method: 'POST',
    body: { reason },
  });
}
