import type { ReactNode, Ref } from 'react';
import type { ApiList } from '../../lib/api-client.ts';
import { DeferredList } from './deferred-list.tsx';

interface ListPageProps<T> {
  title: string;
  intro: string;
  /** What the list holds, lower case and plural ("bids"): names its spinner, failure and pages. */
  noun: string;
  /** Links beside the heading. */
  actions?: ReactNode;
  /** The heading, to take focus back when a dialog over the list closes. */
  headingRef?: Ref<HTMLHeadingElement>;
  resolve: Promise<ApiList<T>>;
  page: number;
  pageSize: number;
  children: (items: T[], total: number) => ReactNode;
}

/** The frame of the "My …" screens: the heading with its links, then one page of the list. */
export function ListPage<T>({
  title,
  intro,
  noun,
  actions,
  headingRef,
  ...list
}: ListPageProps<T>) {
  return (
    <div className="page-container py-8 sm:py-12">
      <title>{`${title} · TaskBid`}</title>
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="text-2xl font-bold tracking-tight sm:text-3xl"
          >
            {title}
          </h1>
          <p className="mt-1 text-base-content/75">{intro}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <DeferredList
        {...list}
        loadingLabel={`Loading your ${noun}`}
        failure={`Your ${noun} could not be loaded.`}
        pagesLabel={`My ${noun} pages`}
      />
    </div>
  );
}
