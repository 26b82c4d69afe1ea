import { Suspense } from 'react';
import { Await, useAsyncError, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MyBid } from '../../shared/assignments.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { errorMessage, type ApiList } from '../lib/api-client.ts';
import { fetchMyBids } from '../features/bids/api/bids-api.ts';
import { MyBidsList } from '../features/bids/components/my-bids-list.tsx';

const PAGE_SIZE = 20;

function pageFrom(url: string): number {
  const page = Number(new URL(url).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Starts loading one page of my bids; the screen shows a spinner meanwhile. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  return { page, bids: fetchMyBids(page, PAGE_SIZE, request.signal) };
}

function LoadFailed() {
  const error = useAsyncError();
  return (
    <FormAlert tone="error">
      {errorMessage(error, 'Your bids could not be loaded.')} Reload the page to try again.
    </FormAlert>
  );
}

/** /my-bids (protected): the bids I placed, with their task, amount, dates and state. */
export function Component() {
  const { page, bids } = useLoaderData<typeof loader>();
  return (
    <div className="page-container py-8 sm:py-12">
      <title>My Bids · TaskBid</title>
      <header className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Bids</h1>
        <p className="mt-1 text-base-content/75">The bids you placed and where each one stands.</p>
      </header>
      <Suspense key={page} fallback={<PageSpinner label="Loading your bids" />}>
        <Await resolve={bids} errorElement={<LoadFailed />}>
          {(list: ApiList<MyBid>) => (
            <div className="flex flex-col gap-6">
              <MyBidsList bids={list.items} />
              <Pagination
                page={page}
                pageCount={Math.ceil(list.total / PAGE_SIZE)}
                hrefFor={(p) => `/my-bids?page=${p}`}
                label="My bids pages"
              />
            </div>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
