import { Bell } from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useEventStream } from '../../../lib/use-event-stream.ts';
import { fetchUnreadCount } from '../api/notifications-api.ts';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
const NOTIFICATION_EVENTS = ['notification', 'resync'] as const;

/**
 * The header's bell (signed in only): the unread count as a badge, kept live by the
 * notification stream; a click opens the list (its code loads on first use).
 */
export function NotificationBell() {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  // Bumped on every change, so an open list reloads too.
  const [version, setVersion] = useState(0);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  useEventStream('/notifications/events', NOTIFICATION_EVENTS, refresh);

  useEffect(() => {
    const controller = new AbortController();
    // The badge is a hint: a failed count keeps the last one (the open list shows errors).
    fetchUnreadCount(controller.signal).then(setCount, () => undefined);
    return () => controller.abort();
  }, [version]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

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
              version={version}
              unread={count}
              onChanged={refresh}
              onNavigate={() => setOpen(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
