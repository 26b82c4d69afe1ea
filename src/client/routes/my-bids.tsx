import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ListPage } from '../components/ui/list-page.tsx';
import { pageFrom } from '../lib/paging.ts';
import { deferred } from '../lib/deferred.ts';
import { fetchMyBids } from '../features/bids/api/bids-api.ts';
import { MyBidsList } from '../features/bids/components/my-bids-list.tsx';
import { StartThreadButton } from '../features/threads/components/start-thread-button.tsx';

const PAGE_SIZE = 20;

/** Starts loading one page of my bids; the screen shows a spinner meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  return { page, bids: deferred(fetchMyBids({ page, limit: PAGE_SIZE }, request.signal)) };
}

/** /my-bids (protected): the bids I placed, with their task, amount, dates and state. */
export function Component() {
  const { page, bids } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="My Bids"
      intro="The bids you placed and where each one stands."
      noun="bids"
      resolve={bids}
      page={page}
      pageSize={PAGE_SIZE}
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
    </ListPage>
  );
}
