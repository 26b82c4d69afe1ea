import type {
  Message,
  MessagePage,
  Thread,
  ThreadPage,
} from '../../../../shared/threads/schema.ts';
import type { UnreadCount } from '../../../../shared/notifications/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the header's Messages link loads its count and where threads are started. */
export const MESSAGES_RESOURCE = '/resources/messages';

/** What the messages resource route's loader answers: null when the count failed. */
export interface MessagesResourceData {
  unread: number | null;
}

const threadPath = (id: string) => `/threads/${encodeURIComponent(id)}`;

/** One page of my threads, newest activity first; `nextCursor` loads the next page. */
export function fetchThreads(
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<ThreadPage> {
  return apiRequest('/threads', { query: { cursor, limit }, signal });
}

/** How many messages addressed to me I have not read, in every thread. */
export async function fetchUnreadMessages(signal?: AbortSignal): Promise<number> {
  return (await apiRequest<UnreadCount>('/threads/unread', { signal })).count;
}

export function fetchThread(id: string, signal?: AbortSignal): Promise<Thread> {
  return apiRequest(threadPath(id), { signal });
}

/** The newest `limit` messages before `before` (the newest of all without it), oldest first. */
export function fetchMessages(
  id: string,
  before: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiRequest(`${threadPath(id)}/messages`, { query: { cursor: before, limit }, signal });
}

export function sendMessage(id: string, body: string): Promise<Message> {
  return apiRequest(`${threadPath(id)}/messages`, { method: 'POST', body: { body } });
}

/** Marks every message addressed to me up to `upTo` as read. */
export async function markThreadRead(id: string, upTo: string): Promise<void> {
  await apiRequest(`${threadPath(id)}/read`, { method: 'POST', body: { upTo } });
}

/** Opens the thread of a task with a bidder (the owner names the bidder; a bidder does not). */
export function startThread(taskId: string, bidderId?: string): Promise<Thread> {
  return apiRequest('/threads', { method: 'POST', body: { taskId, bidderId } });
}
