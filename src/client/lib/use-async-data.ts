import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from './api-client.ts';

export type AsyncData<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads data for a section that should not hold up the whole screen (a route loader does
 * that). `load` must be stable (a module-level function). `retry` loads again.
 */
export function useAsyncData<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ attempt: number; value: AsyncData<T> }>({
    attempt: 0,
    value: { status: 'loading' },
  });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ attempt, value: { status: 'success', data } }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ attempt, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A retry shows the loading state again until its own answer arrives.
  const value: AsyncData<T> = state.attempt === attempt ? state.value : { status: 'loading' };
  return { ...value, retry } as AsyncData<T> & { retry: () => void };
}
