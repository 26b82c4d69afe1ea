import { useEffect, useRef } from 'react';
import { apiUrl } from './api-client.ts';

/** One event of a stream: its name and its parsed data (events carry ids only). */
export interface StreamEvent {
  name: string;
  data: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Opens a Server-Sent Events stream of the API (same origin, the session cookie) and calls
 * `onEvent` on each of `names`, and once more with `resync` when the stream opens again
 * after an error (a server restart), since events may have been missed meanwhile. The
 * browser's EventSource reconnects by itself. Returns the function that closes it.
 */
export function openEventStream(
  path: string,
  names: readonly string[],
  onEvent: (event: StreamEvent) => void,
): () => void {
  const source = new EventSource(apiUrl(path), { withCredentials: true });
  let failed = false;
  for (const name of names) {
    source.addEventListener(name, (event: MessageEvent<string>) =>
      onEvent({ name, data: parse(event.data) }),
    );
  }
  source.onerror = () => {
    failed = true;
  };
  source.onopen = () => {
    if (!failed) return;
    failed = false;
    onEvent({ name: 'resync', data: undefined });
  };
  return () => source.close();
}

/**
 * Listens to a stream while the component is shown and calls `onChange` on each of `events`
 * (and after a reconnection): the caller refetches what it shows. `path` null listens to
 * nothing.
 */
export function useEventStream(
  path: string | null,
  events: readonly string[],
  onChange: () => void,
) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const eventKey = events.join(',');

  useEffect(() => {
    if (path === null || typeof EventSource === 'undefined') return;
    return openEventStream(path, eventKey.split(',').filter(Boolean), () => onChangeRef.current());
  }, [path, eventKey]);
}
