import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './storage.ts';
import { THEME_STORAGE_KEY, otherTheme, parseTheme, readStoredTheme, storeTheme } from './theme.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
  removeItem: () => {
    throw new Error('blocked');
  },
};

describe('theme storage', () => {
  it('defaults to light when nothing is stored', () => {
    expect(readStoredTheme(memoryStorage())).toBe('light');
    expect(readStoredTheme(null)).toBe('light');
  });

  it('reads a stored dark or light theme', () => {
    expect(readStoredTheme(memoryStorage({ theme: 'dark' }))).toBe('dark');
    expect(readStoredTheme(memoryStorage({ theme: 'light' }))).toBe('light');
  });

  it('treats any other stored value as light', () => {
    for (const value of ['Dark', 'cupcake', '', '"dark"', 'null']) {
      expect(readStoredTheme(memoryStorage({ theme: value }))).toBe('light');
    }
    expect(parseTheme(undefined)).toBe('light');
  });

  it('stores the theme under the `theme` key and reads it back', () => {
    const storage = memoryStorage();
    storeTheme(storage, 'dark');
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme(storage)).toBe('dark');
    storeTheme(storage, 'light');
    expect(readStoredTheme(storage)).toBe('light');
  });

  it('survives storage that throws', () => {
    expect(readStoredTheme(throwingStorage)).toBe('light');
    expect(() => storeTheme(throwingStorage, 'dark')).not.toThrow();
  });

  it('toggles between the two themes', () => {
    expect(otherTheme('light')).toBe('dark');
    expect(otherTheme('dark')).toBe('light');
  });
});
