import type { Notification, UnreadCount } from '../../../../shared/notifications/schema.ts';
import type { ActionFailure } from '../../../lib/action-result.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the bell loads and changes its data (a resource route, `routes/notifications-resource.ts`). */
export const NOTIFICATIONS_RESOURCE = '/resources/notifications';

/** What the resource route's loader answers. */
export interface NotificationsData {
  /** Null when the count could not be loaded (the bell keeps the last one). */
  unread: number | null;
  /** The recent notifications when asked for (`?list`), or why they could not be loaded. */
  list: { items: Notification[] } | ActionFailure | null;
}

/** My most recent notifications, newest first. */
export function fetchNotifications(limit: number, signal?: AbortSignal): Promise<Notification[]> {
  return apiRequest<Notification[]>('/notifications', { query: { page: 1, limit }, signal });
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await apiRequest<UnreadCount>('/notifications/unread-count', { signal })).count;
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('/notifications/read-all', { method: 'POST' });
}
