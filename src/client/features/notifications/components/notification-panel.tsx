import { CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/notifications.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isAbortError } from '../../../lib/api-client.ts';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../api/notifications-api.ts';

const RECENT = 10;
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface NotificationPanelProps {
  /** Changes whenever the notifications may have changed: the list reloads. */
  version: number;
  unread: number;
  /** Something was marked read: the count reloads. */
  onChanged: () => void;
  /** A link was followed: the panel closes. */
  onNavigate: () => void;
}

type ListState = { version: number; items: Notification[] | null; error: string | null };

/** The bell's list: recent notifications, each linking to its task; `Mark all as read`. */
export function NotificationPanel({
  version,
  unread,
  onChanged,
  onNavigate,
}: NotificationPanelProps) {
  const [state, setState] = useState<ListState>({ version: -1, items: null, error: null });
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchNotifications(RECENT, controller.signal).then(
      (items) => setState({ version, items, error: null }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        setState((s) => ({ ...s, version, error: errorMessage(error, 'Could not load.') }));
      },
    );
    return () => controller.abort();
  }, [version]);

  const act = async (work: () => Promise<void>) => {
    setActionError(null);
    try {
      await work();
    } catch (error) {
      setActionError(errorMessage(error));
    }
    onChanged();
  };

  const { items, error } = state;
  return (
    <section
      aria-labelledby="notifications-title"
      className="flex max-h-[70vh] flex-col rounded-box border border-base-300 bg-base-100 shadow-lg"
    >
      <header className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
        <h2 id="notifications-title" className="font-semibold">
          Notifications
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={unread === 0}
          onClick={() => void act(markAllNotificationsRead)}
        >
          <CheckCheck className="size-4" aria-hidden="true" />
          Mark all as read
        </button>
      </header>
      {actionError ? (
        <FormAlert tone="error" className="m-3">
          {actionError}
        </FormAlert>
      ) : null}
      {error ? (
        <FormAlert tone="error" className="m-3">
          {error}
        </FormAlert>
      ) : items === null ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading notifications" />
        </div>
      ) : items.length === 0 ? (
        <p className="p-6 text-center text-base-content/75">You have no notifications yet.</p>
      ) : (
        <ul className="overflow-y-auto" aria-label="Recent notifications">
          {items.map((item) => {
            const body = (
              <>
                <span className="flex items-start justify-between gap-2">
                  <span className="font-medium break-words">{item.title}</span>
                  {item.read ? null : (
                    <span className="badge badge-primary badge-xs mt-1 shrink-0">New</span>
                  )}
                </span>
                <span className="block text-sm break-words text-base-content/80">{item.body}</span>
                <time dateTime={item.createdAt} className="block text-xs text-base-content/70">
                  {moment.format(new Date(item.createdAt))}
                </time>
              </>
            );
            const markRead = () => {
              if (!item.read) void act(() => markNotificationRead(item._id));
            };
            const className = `block w-full px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200 ${item.read ? '' : 'bg-primary/5'}`;
            return (
              <li key={item._id} className="border-b border-base-300 last:border-b-0">
                {item.taskId ? (
                  <Link
                    to={`/browse-tasks/${item.taskId}`}
                    className={className}
                    onClick={() => {
                      markRead();
                      onNavigate();
                    }}
                  >
                    {body}
                  </Link>
                ) : (
                  <button type="button" className={className} onClick={markRead}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
