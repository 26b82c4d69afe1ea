/**
 * /resources/messages: a resource route (a loader and an action, no screen). The header's
 * Messages link loads the unread count here (never thrown: the header is on every screen);
 * "Message" and "Message the poster" post intent `start` here from any screen, and a
 * started (or found) thread opens at /messages/:id.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { intentAction } from '../lib/action-result.ts';
import {
  fetchUnreadMessages,
  startThread,
  type MessagesResourceData,
} from '../features/threads/api/threads-api.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<MessagesResourceData> {
  return { unread: await fetchUnreadMessages(request.signal).catch(() => null) };
}

/** Intent `start` with `taskId`, and `bidderId` when the task's owner starts it. */
export const action = intentAction({
  start: async ({ text }) => {
    const thread = await startThread(text('taskId'), text('bidderId') || undefined);
    return redirect(`/messages/${encodeURIComponent(thread.id)}`);
  },
});
