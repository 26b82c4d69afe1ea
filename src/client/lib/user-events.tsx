import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from './auth/use-auth.ts';
import { openEventStream, type StreamEvent } from './use-event-stream.ts';

/** The signed-in person's own stream: notifications, messages, reads of my messages. */
const USER_STREAM = '/me/events';
const USER_EVENTS = ['notification', 'message', 'thread-read', 'contact', 'resync'] as const;

export type UserEventName = (typeof USER_EVENTS)[number];
type Listener = (event: StreamEvent) => void;

interface UserEvents {
  subscribe(listener: Listener): () => void;
}

const UserEventsContext = createContext<UserEvents | null>(null);

/**
 * One stream of the signed-in person's events per tab (the server allows ten per person),
 * shared by everything that shows them: the bell, the Messages link, the inbox and an open
 * thread subscribe here instead of opening the same path each.
 */
export function UserEventsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [listeners] = useState(() => new Set<Listener>());
  const [value] = useState<UserEvents>(() => ({
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }));
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    return openEventStream(USER_STREAM, USER_EVENTS, (event) => {
      for (const listener of [...listeners]) listener(event);
    });
  }, [userId, listeners]);

  return <UserEventsContext.Provider value={value}>{children}</UserEventsContext.Provider>;
}

/**
 * Calls `onEvent` for each of `names` on the signed-in person's stream; a `resync` (missed
 * events after a reconnection) always comes through, since anything may have changed.
 */
export function useUserEvents(
  names: readonly UserEventName[],
  onEvent: (event: StreamEvent) => void,
) {
  const events = useContext(UserEventsContext);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  const key = names.join(',');
  useEffect(() => {
    if (!events) return;
    const wanted = new Set([...key.split(','), 'resync']);
    return events.subscribe((event) => {
      if (wanted.has(event.name)) onEventRef.current(event);
    });
  }, [events, key]);
}
