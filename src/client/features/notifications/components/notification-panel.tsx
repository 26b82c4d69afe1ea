import { CheckCheck } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notificationLink } from '../../../../shared/notifications/rules.ts';
import { NOTIFICATIONS_RESOURCE, type NotificationsData } from '../api/notifications-api.ts';

interface NotificationPanelProps {
  /** The recent notifications; null while they load. */
  list: NotificationsData['list'];
  unread: number;
  /** A link was followed: the panel closes. */
  onNavigate: () => void;
}

/**
 * The bell's list: recent notifications, each linking to where it leads (its task, the
 * owner's bids on it, or the messages); `Mark all as read`.
 * Marking posts intent `read` or `read-all` to the notifications resource route; the bell's
 * data reloads after it by itself.
 */
export function NotificationPanel({ list, unread, onNavigate }: NotificationPanelProps) {
  const marker = useFetcher<unknown>();
  const mark = (intent: 'read' | 'read-all', id?: string) =>
    void marker.submit(
      { intent, ...(id ? { id } : {}) },
      { method: 'post', action: NOTIFICATIONS_RESOURCE },
    );
  const actionError =
    marker.state === 'idle' && isFailure(marker.data) ? marker.data.error.message : null;

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
          onClick={() => mark('read-all')}
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
      {isFailure(list) ? (
        <FormAlert tone="error" className="m-3">
          {list.error.message}
        </FormAlert>
      ) : list === null ? (
        <div className="flex justify-center p-6">
          <Spinner label="Loading notifications" />
        </div>
      ) : list.items.length === 0 ? (
        <p className="p-6 text-center text-base-content/75">You have no notifications yet.</p>
      ) : (
        <ul className="overflow-y-auto" aria-label="Recent notifications">
          {list.items.map((item) => {
            const body = (
              <>
                <span className="flex items-start justify-between gap-2">
                  <span className="font-medium">{item.title}</span>
                  {item.read ? null : (
                    <span className="badge badge-primary badge-xs mt-1 shrink-0">New</span>
                  )}
                </span>
                <span className="block text-sm text-base-content/80">{item.body}</span>
                <time dateTime={item.createdAt} className="block text-xs text-base-content/70">
                  {formatDateTime(item.createdAt)}
                </time>
              </>
            );
            const markRead = () => {
              if (!item.read) mark('read', item._id);
            };
            const className = `block w-full px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200 ${item.read ? '' : 'bg-primary/5'}`;
            const link = notificationLink(item.type, item.taskId, item.link);
            return (
              <li key={item._id} className="border-b border-base-300 last:border-b-0">
                {link ? (
                  <Link
                    to={link.path}
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
