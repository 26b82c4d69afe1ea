import { Bell } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { CountBadge, unreadLabel, useLastCount } from '../../../components/ui/count-badge.tsx';
import { useFetcher } from 'react-router';
import { usePopup } from '../../../lib/use-popup.ts';
import { useUserEvents } from '../../../lib/user-events.tsx';
import { NOTIFICATIONS_RESOURCE, type NotificationsData } from '../api/notifications-api.ts';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
const NOTIFICATION_EVENTS = ['notification'] as const;

/**
 * The header's bell (signed in only): the unread count as a badge, kept live by the person's
 * shared event stream (lib/user-events.tsx); a click opens the list (its code loads on first
 * use). Its data comes from the notifications resource route through a fetcher: loaded when
 * the bell appears, when the list opens and on every stream event, and again after each
 * mark-as-read.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { rootRef, panelId, buttonProps } = usePopup(open, () => setOpen(false));
  const fetcher = useFetcher<NotificationsData>();
  const href = open ? `${NOTIFICATIONS_RESOURCE}?list` : NOTIFICATIONS_RESOURCE;
  const { load } = fetcher;

  useEffect(() => {
    void load(href);
  }, [load, href]);
  useUserEvents(NOTIFICATION_EVENTS, () => void load(href));

  // The badge is a hint: a failed count keeps the last one (the open list shows errors).
  const count = useLastCount(fetcher.data?.unread);

  const label = unreadLabel('Notifications', count);
  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        type="button"
        className="btn btn-ghost btn-circle btn-sm relative sm:btn-md"
        aria-label={label}
        title="Notifications"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((value) => !value)}
      >
        <Bell className="size-5" aria-hidden="true" />
        <CountBadge count={count} />
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
