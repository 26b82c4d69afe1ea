/**
 * Recent searches (docs/product.md): a new non-blank term goes to the front, an earlier copy
 * (compared ignoring case) is removed, and the list is cut to the cap. Clearing empties it.
 * Pure and isomorphic: the browser keeps the list in local storage under `recentSearches`.
 */
import { RECENT_SEARCHES_CAP } from './constants.ts';

export const RECENT_SEARCHES_KEY = 'recentSearches';

export type RecentSearchesAction = { type: 'add'; term: string } | { type: 'clear' };

/** The list after searching for `term`; the same list when the term is blank. */
export function addRecentSearch(
  list: readonly string[],
  term: string,
  cap: number = RECENT_SEARCHES_CAP,
): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [...list];
  const key = trimmed.toLowerCase();
  const rest = list.filter((item) => item.trim().toLowerCase() !== key);
  return [trimmed, ...rest].slice(0, Math.max(0, cap));
}

export function recentSearchesReducer(
  state: readonly string[],
  action: RecentSearchesAction,
): string[] {
  switch (action.type) {
    case 'add':
      return addRecentSearch(state, action.term);
    case 'clear':
      return [];
  }
}

/**
 * Reads a stored value defensively: anything that is not a JSON array of strings becomes an
 * empty list; blank entries and case-insensitive duplicates are dropped; the cap applies.
 */
export function parseRecentSearches(raw: string | null | undefined): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const list: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const trimmed = item.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    list.push(trimmed);
    if (list.length === RECENT_SEARCHES_CAP) break;
  }
  return list;
}
