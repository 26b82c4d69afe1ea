import type { LifecycleResult } from '../../../../shared/assignments.ts';
import type { PageQuery } from '../../../../shared/paging.ts';
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
} from '../../../../shared/tasks.ts';
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
