import type { Notification, UnreadCount } from '../../../../shared/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';

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
