import { useCallback, useState } from 'react';
import {
  RECENT_SEARCHES_KEY,
  parseRecentSearches,
  recentSearchesReducer,
} from '../../../../shared/recent-searches.ts';
import { browserStorage, readItem, removeItem, writeItem } from '../../../lib/storage.ts';

/** The recent-search list, kept in local storage under `recentSearches`. */
export function useRecentSearches() {
  const [terms, setTerms] = useState<string[]>(() =>
    parseRecentSearches(readItem(browserStorage(), RECENT_SEARCHES_KEY)),
  );

  const add = useCallback((term: string) => {
    // Start from what is stored, so another tab's searches are not lost.
    const stored = parseRecentSearches(readItem(browserStorage(), RECENT_SEARCHES_KEY));
    const next = recentSearchesReducer(stored, { type: 'add', term });
    writeItem(browserStorage(), RECENT_SEARCHES_KEY, JSON.stringify(next));
    setTerms(next);
  }, []);

  const clear = useCallback(() => {
    removeItem(browserStorage(), RECENT_SEARCHES_KEY);
    setTerms(recentSearchesReducer([], { type: 'clear' }));
  }, []);

  return { terms, add, clear };
}
