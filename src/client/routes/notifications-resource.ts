/**
 * /resources/notifications: a resource route (a loader and an action, no screen) for the
 * header's bell, reached with `fetcher.load` and `fetcher.submit`. It never throws: the bell
 * sits in the header of every screen, and a failure must not replace the screen.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { attempt, intentAction } from '../lib/action-result.ts';
import {
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationsData,
} from '../features/notifications/api/notifications-api.ts';

const RECENT = 10;

/** The unread count, and with `?list` the most recent notifications, newest first. */
export async function loader({ request }: LoaderFunctionArgs): Promise<NotificationsData> {
  const withList = new URL(request.url).searchParams.has('list');
  const [unread, list] = await Promise.all([
    fetchUnreadCount(request.signal).catch(() => null),
    withList
      ? attempt(async () => ({ items: await fetchNotifications(RECENT, request.signal) }))
      : null,
  ]);
  return { unread, list };
}

/** Intents `read` (with `id`) and `read-all`. */
export const action = intentAction({
  read: async ({ text }) => {
    await markNotificationRead(text('id'));
    return { ok: true };
  },
  'read-all': async () => {
    await markAllNotificationsRead();
    return { ok: true };
  },
});
