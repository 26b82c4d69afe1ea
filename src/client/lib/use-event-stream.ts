import { useEffect, useRef } from 'react';
import { apiUrl } from './api-client.ts';

/**
 * Listens to a Server-Sent Events stream of the API (same origin, the session cookie) and
 * calls `onChange` on each of `events`, and once more when the stream opens again after an
 * error (a server restart): events carry ids only, so the caller refetches what it shows.
 * `path` null listens to nothing. The browser's EventSource reconnects by itself.
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
    const source = new EventSource(apiUrl(path), { withCredentials: true });
    let failed = false;
    const changed = () => onChangeRef.current();
    const names = eventKey.split(',').filter(Boolean);
    for (const name of names) source.addEventListener(name, changed);
    source.onerror = () => {
      failed = true;
    };
    source.onopen = () => {
      if (!failed) return;
      failed = false;
      changed();
    };
    return () => source.close();
  }, [path, eventKey]);
}
