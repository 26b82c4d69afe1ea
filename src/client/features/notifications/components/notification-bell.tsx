import { Bell } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { useEventStream } from '../../../lib/use-event-stream.ts';
import { NOTIFICATIONS_RESOURCE, type NotificationsData } from '../api/notifications-api.ts';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
const NOTIFICATION_EVENTS = ['notification', 'resync'] as const;

/**
 * The header's bell (signed in only): the unread count as a badge, kept live by the
 * notification stream; a click opens the list (its code loads on first use). Its data comes
 * from the notifications resource route through a fetcher: loaded when the bell appears,
 * when the list opens and on every stream event, and again after each mark-as-read.
 */
export function NotificationBell() {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<NotificationsData>();
  const href = open ? `${NOTIFICATIONS_RESOURCE}?list` : NOTIFICATIONS_RESOURCE;
  const { load } = fetcher;

  useEffect(() => {
    void load(href);
  }, [load, href]);
  useEventStream('/notifications/events', NOTIFICATION_EVENTS, () => void load(href));

  // The badge is a hint: a failed count keeps the last one (the open list shows errors).
  const [count, setCount] = useState(0);
  const fresh = fetcher.data?.unread;
  if (typeof fresh === 'number' && fresh !== count) setCount(fresh);

  useDismiss(open, rootRef, buttonRef, () => setOpen(false));

  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle btn-sm relative sm:btn-md"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        title="Notifications"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((value) => !value)}
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[0.65rem] font-bold"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className="fixed inset-x-2 top-16 z-50 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:w-96 sm:pt-2"
        >
          <Suspense
            fallback={
              <div className="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-lg">
                <span className="loading loading-spinner text-primary" aria-hidden="true" />
              </div>
            }
          >
            <NotificationPanel
              list={fetcher.data?.list ?? null}
              unread={count}
              onNavigate={() => setOpen(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
