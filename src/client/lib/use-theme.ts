import { useCallback, useEffect, useState } from 'react';
import { browserStorage } from './storage.ts';
import {
  THEME_STORAGE_KEY,
  applyTheme,
  otherTheme,
  parseTheme,
  storeTheme,
  type Theme,
} from './theme.ts';

/** The current theme (already applied by /theme-init.js) and a toggle that stores it. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const [theme, setTheme] = useState<Theme>(() =>
    parseTheme(document.documentElement.getAttribute('data-theme')),
  );

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      const next = parseTheme(event.newValue);
      applyTheme(document.documentElement, next);
      setTheme(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next = otherTheme(current);
      applyTheme(document.documentElement, next);
      storeTheme(browserStorage(), next);
      return next;
    });
  }, []);

  return { theme, toggleTheme };
}
