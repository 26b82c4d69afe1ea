import { ArrowLeft, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isAcceptable, may } from '../../shared/lifecycle.ts';
import type { Bid } from '../../shared/bids/schema.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { sessionUser } from '../lib/auth/session-context.ts';
import { toCanonicalId } from '../lib/canonical-id.ts';
import { intentAction } from '../lib/action-result.ts';
import { errorMessage } from '../lib/api-client.ts';
import { pageCount, pageFrom } from '../lib/paging.ts';
import { paymentsConfig } from '../lib/payments-config.ts';
import { acceptBid, fetchBids } from '../features/bids/api/bids-api.ts';
import { cancelAssignment, completeTask, fetchTask } from '../features/tasks/api/tasks-api.ts';
import { AcceptBidDialog } from '../features/bids/components/accept-bid-dialog.tsx';
import { BidCard } from '../features/bids/components/bid-card.tsx';
import { StartThreadButton } from '../features/threads/components/start-thread-button.tsx';
import { NotYourTask } from '../features/tasks/components/not-your-task.tsx';
import { ShareTask } from '../features/tasks/components/share-task.tsx';
import { TaskAssignmentPanel } from '../features/tasks/components/task-assignment-panel.tsx';
import { useTaskEvents } from '../features/tasks/hooks/use-task-events.ts';

const PAGE_SIZE = 30;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  // The session check runs beside the task's request, not before it.
  const [task, me, payments] = await Promise.all([
    fetchTask(params.id ?? '', request.signal),
    sessionUser(context),
    paymentsConfig(),
  ]);
  toCanonicalId(request, params.id ?? '', task);
  const isOwner = task.userId === me.id;
  const schedule = payments.feeSchedule;
  const none = { task, isOwner, page, schedule, bids: [] as Bid[], total: 0, error: null };
  if (!isOwner) return none;
  try {
    const list = await fetchBids(task._id, { page, limit: PAGE_SIZE }, request.signal);
    return { ...none, bids: list.items, total: list.total };
  } catch (error) {
    return { ...none, error: errorMessage(error, 'The bids could not be loaded.') };
  }
}

/**
 * The owner's answers on this screen: accept a bid (with payment protection on, the dialog
 * then opens the deal's pay screen), complete, or cancel the assignment.
 */
export const action = intentAction({
  accept: ({ text }) => acceptBid(text('bidId')),
  complete: ({ args }) => completeTask(args.params.id ?? ''),
  'cancel-assignment': ({ text, args }) =>
    cancelAssignment(args.params.id ?? '', text('reason').trim()),
});

export { shouldRevalidate } from '../lib/action-result.ts';

/**
 * /view-bids/:id (protected, owner only): every offer (one per person) with the bidder's
 * track record, e-mail, message, state and earlier versions, a page at a time; `Accept` while bidding is open, then the assignment's lifecycle.
 * Live: new bids and task changes reload the page's data.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const [accepting, setAccepting] = useState<Bid | null>(null);
  useTaskEvents(data.isOwner ? data.task._id : null);
  const { task, isOwner, page, bids, total, error } = data;
  if (!isOwner) return <NotYourTask what="see the bids on" taskId={task._id} title={task.title} />;
  // People's offers, withdrawn ones not counted (the list still shows them, marked).
  const count = task.bidCount;
  const open = may('accept', 'owner', task);

  return (
    <div className="page-container py-8 sm:py-10">
      <title>{`Bids for: ${task.title} · TaskBid`}</title>
      <Link to={`/browse-tasks/${task._id}`} className="btn btn-ghost btn-sm mb-4">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to task
      </Link>
      <header className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Bids for: <span dir="auto">{task.title}</span>
        </h1>
        <p className="mt-2 text-base-content/75">{count} bid(s) placed</p>
      </header>
      <TaskAssignmentPanel task={task} />
      {error ? (
        <FormAlert tone="error">{error}</FormAlert>
      ) : bids.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
          <Inbox className="size-12 text-base-content/40" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No bids have been placed for this task yet.</h2>
          <p className="text-base-content/75">Be the first to place a bid!</p>
          {open ? <ShareTask taskId={task._id} title={task.title} /> : null}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {bids.map((bid) => (
              <li key={bid._id}>
                <BidCard bid={bid} onAccept={open && isAcceptable(bid) ? setAccepting : undefined}>
                  <StartThreadButton
                    taskId={task._id}
                    bidderId={bid.userId}
                    label="Message"
                    name={`Message ${bid.userName}`}
                  />
                </BidCard>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount(total, PAGE_SIZE)}
            hrefFor={(p) => `?page=${p}`}
            label="Bid pages"
          />
        </div>
      )}
      <AcceptBidDialog
        bid={accepting}
        schedule={data.schedule}
        onClose={() => setAccepting(null)}
      />
    </div>
  );
}
