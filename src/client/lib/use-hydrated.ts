import { useLayoutEffect, useSyncExternalStore, type RefObject } from 'react';

const never = () => () => {};

/**
 * False while the server writes a screen and while the browser hydrates it, true from the
 * render after (and from the first render of a screen the browser writes itself). What the
 * server cannot know (the history entry's state, say) waits for it: a hydration that met
 * something the server did not write would throw the page away and write it again, losing
 * what the visitor had already typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * A controlled field of a screen the server may have written: what the visitor typed into it
 * before the app took the page over (the field was the browser's own until then, and
 * hydration leaves its text as it is) is handed to `onChange` once, as if typed now.
 */
export function useKeepTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  onChange: (typed: string) => void,
) {
  // A layout effect: its update is rendered before the browser handles the next key, so an
  // Enter pressed right after hydration submits the typed text, not the server's.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, when the field is first rendered by the app: later values are React's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
