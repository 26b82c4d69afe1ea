/**
 * Theme storage (docs/product.md): `light` (default) or `dark`, kept in local storage
 * under `theme` and applied as `data-theme` on <html>. `/theme-init.js` applies the stored
 * theme before first paint with the same rules; this module owns them for the app.
 */
import { DEFAULT_THEME } from '../../shared/constants.ts';
import { readItem, writeItem, type KeyValueStorage } from './storage.ts';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export function parseTheme(value: unknown): Theme {
  return value === 'dark' || value === 'light' ? value : DEFAULT_THEME;
}

export function readStoredTheme(storage: KeyValueStorage | null): Theme {
  return parseTheme(readItem(storage, THEME_STORAGE_KEY));
}

export function storeTheme(storage: KeyValueStorage | null, theme: Theme): void {
  writeItem(storage, THEME_STORAGE_KEY, theme);
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

/** Sets `data-theme` on the root element (and the colour scheme for native controls). */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}
