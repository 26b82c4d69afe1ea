import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DeferredList } from '../components/ui/deferred-list.tsx';
import { pageFrom } from '../lib/paging.ts';
import { fetchMyBids } from '../features/bids/api/bids-api.ts';
import { MyBidsList } from '../features/bids/components/my-bids-list.tsx';
import { StartThreadButton } from '../features/threads/components/start-thread-button.tsx';

const PAGE_SIZE = 20;

/** Starts loading one page of my bids; the screen shows a spinner meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  return { page, bids: fetchMyBids(page, PAGE_SIZE, request.signal) };
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
      <DeferredList
        resolve={bids}
        page={page}
        pageSize={PAGE_SIZE}
        loadingLabel="Loading your bids"
        failure="Your bids could not be loaded."
        pagesLabel="My bids pages"
      >
        {(items) => (
          <MyBidsList
            bids={items}
            action={(bid) => (
              <StartThreadButton
                taskId={bid.taskId}
                label="Message the poster"
                small
                name={`Message the poster of ${bid.taskTitle}`}
              />
            )}
          />
        )}
      </DeferredList>
    </div>
  );
}
