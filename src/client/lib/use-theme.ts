import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage } from './storage.ts';
import {
  THEME_STORAGE_KEY,
  applyTheme,
  otherTheme,
  parseTheme,
  storeTheme,
  type Theme,
} from './theme.ts';

/** The theme is `data-theme` on <html> (set by /theme-init.js before the first paint). */
const appliedTheme = (): Theme => parseTheme(document.documentElement.getAttribute('data-theme'));

const listeners = new Set<() => void>();

/** Follows the theme this tab sets and the one another tab stores. */
function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(document.documentElement, parseTheme(event.newValue));
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The current theme and a toggle that stores it. A server-rendered page is written in the
 * default theme's words (the server cannot know the stored one); hydration starts from them
 * and switches at once, so the toggle never mismatches (the colours come from `data-theme`).
 */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, appliedTheme, () => parseTheme(null));
  const toggleTheme = useCallback(() => {
    const next = otherTheme(appliedTheme());
    applyTheme(document.documentElement, next);
    storeTheme(browserStorage(), next);
    for (const listener of listeners) listener();
  }, []);
  return { theme, toggleTheme };
}
