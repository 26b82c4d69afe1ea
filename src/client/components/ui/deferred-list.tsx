import { Suspense, type ReactNode } from 'react';
import { Await, useAsyncError } from 'react-router';
import { errorMessage, type ApiList } from '../../lib/api-client.ts';
import { pageCount } from '../../lib/paging.ts';
import { FormAlert } from './form-alert.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { Pagination } from './pagination.tsx';

interface DeferredListProps<T> {
  /** One page of the list, as the loader started it (not awaited). */
  resolve: Promise<ApiList<T>>;
  page: number;
  pageSize: number;
  /** The spinner's name while the page loads. */
  loadingLabel: string;
  /** The sentence when the server gave no reason for a failure. */
  failure: string;
  /** The pagination's accessible name. */
  pagesLabel: string;
  /** A page's link (by default `?page=N`: a screen with other parameters keeps them). */
  hrefFor?: (page: number) => string;
  children: (items: T[], total: number) => ReactNode;
}

function LoadFailed({ failure }: { failure: string }) {
  const error = useAsyncError();
  return (
    <FormAlert tone="error">{errorMessage(error, failure)} Reload the page to try again.</FormAlert>
  );
}

/**
 * A screen's paged list whose loader did not wait for it: a spinner meanwhile (again on each
 * new `?page=`), the list with the pages under it, or the failure as an alert.
 */
export function DeferredList<T>({
  resolve,
  page,
  pageSize,
  loadingLabel,
  failure,
  pagesLabel,
  hrefFor = (p) => `?page=${p}`,
  children,
}: DeferredListProps<T>) {
  return (
    <Suspense key={page} fallback={<PageSpinner label={loadingLabel} />}>
      <Await resolve={resolve} errorElement={<LoadFailed failure={failure} />}>
        {(list: ApiList<T>) => (
          <div className="flex flex-col gap-6">
            {children(list.items, list.total)}
            <Pagination
              page={page}
              pageCount={pageCount(list.total, pageSize)}
              hrefFor={hrefFor}
              label={pagesLabel}
            />
          </div>
        )}
      </Await>
    </Suspense>
  );
}
