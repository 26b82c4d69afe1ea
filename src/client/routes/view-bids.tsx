import { ArrowLeft, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { isBiddingOpen } from '../../shared/bidding.ts';
import type { Bid } from '../../shared/bids.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { fetchBids } from '../features/bids/api/bids-api.ts';
import { fetchTask } from '../features/tasks/api/tasks-api.ts';
import { AcceptBidDialog } from '../features/bids/components/accept-bid-dialog.tsx';
import { BidCard } from '../features/bids/components/bid-card.tsx';
import { NotYourTask } from '../features/tasks/components/not-your-task.tsx';
import { TaskAssignmentPanel } from '../features/tasks/components/task-assignment-panel.tsx';
import { useTaskEvents } from '../features/tasks/hooks/use-task-events.ts';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const task = await fetchTask(params.id ?? '', request.signal);
  const isOwner = task.userEmail !== undefined;
  if (!isOwner) return { task, isOwner, bids: [] as Bid[], error: null };
  try {
    return {
      task,
      isOwner,
      bids: (await fetchBids(task._id, 1, 100, request.signal)).items,
      error: null,
    };
  } catch (error) {
    return {
      task,
      isOwner,
      bids: [] as Bid[],
      error: errorMessage(error, 'The bids could not be loaded.'),
    };
  }
}

/**
 * /view-bids/:id (protected, owner only): every bid with the bidder's e-mail, message and
 * state; `Accept` while bidding is open, then the assignment's lifecycle. Live: new bids and
 * task changes reload the page's data.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [accepting, setAccepting] = useState<Bid | null>(null);
  useTaskEvents(data.isOwner ? data.task._id : null);
  const { task, isOwner, bids, error } = data;
  if (!isOwner) return <NotYourTask what="see the bids on" taskId={task._id} title={task.title} />;
  const count = Math.max(bids.length, task.bidCount);
  const open = isBiddingOpen(task);
  const reload = () => void revalidator.revalidate();

  return (
    <div className="page-container py-8 sm:py-10">
      <title>{`Bids for: ${task.title} · TaskBid`}</title>
      <Link to={`/browse-tasks/${task._id}`} className="btn btn-ghost btn-sm mb-4">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to task
      </Link>
      <header className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          Bids for: {task.title}
        </h1>
        <p className="mt-2 text-base-content/75">{count} bid(s) placed</p>
      </header>
      <TaskAssignmentPanel task={task} onChanged={reload} />
      {error ? (
        <FormAlert tone="error">{error}</FormAlert>
      ) : bids.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
          <Inbox className="size-12 text-base-content/40" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No bids have been placed for this task yet.</h2>
          <p className="text-base-content/75">Be the first to place a bid!</p>
        </div>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {bids.map((bid) => (
            <li key={bid._id}>
              <BidCard
                bid={bid}
                onAccept={open && bid.status === 'pending' ? setAccepting : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <AcceptBidDialog
        bid={accepting}
        onClose={() => setAccepting(null)}
        onAccepted={() => {
          setAccepting(null);
          reload();
        }}
      />
    </div>
  );
}
