import { useState } from 'react';
import { useFetcher } from 'react-router';

/** A page of a list paged by cursor, as the API answers it. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The further pages of a list the screen's loader started, loaded through a fetcher from
 * `href(cursor)` (a loader answering `{ page }`): `pages` in the order they were asked for,
 * `next` the cursor after the last one (undefined: none loaded yet, so the loader's own
 * `nextCursor` goes on). A reload of the last page (after an action, say) replaces it.
 */
export function useCursorPages<T>(href: (cursor: string) => string) {
  const fetcher = useFetcher<{ page: CursorPage<T> }>();
  const [added, setAdded] = useState<{ cursor: string; page: CursorPage<T> }[]>([]);
  const [requested, setRequested] = useState<string | null>(null);
  const [arrived, setArrived] = useState(fetcher.data);
  if (fetcher.data !== arrived) {
    setArrived(fetcher.data);
    const page = fetcher.data?.page;
    if (page && requested !== null) {
      setAdded((pages) => [
        ...pages.filter((p) => p.cursor !== requested),
        { cursor: requested, page },
      ]);
    }
  }
  const loading = fetcher.state === 'loading';
  return {
    pages: added.map((p) => p.page.items),
    next: added.length > 0 ? (added.at(-1)?.page.nextCursor ?? null) : undefined,
    loading,
    load(cursor: string) {
      if (loading) return;
      setRequested(cursor);
      void fetcher.load(href(cursor));
    },
  };
}
