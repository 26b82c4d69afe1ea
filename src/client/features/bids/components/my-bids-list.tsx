import { Gavel } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReviewLink } from '../../../components/ui/review-link.tsx';
import type { MyBid } from '../../../../shared/assignments/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { BidStateBadge } from './bid-state-badge.tsx';

/** For work I did that is completed: "Leave a review". */
function Review({ bid, className = '' }: { bid: MyBid; className?: string }) {
  if (bid.status !== 'accepted' || bid.taskStatus !== 'Completed') return null;
  return (
    <div className={className}>
      <ReviewLink taskId={bid.taskId} taskTitle={bid.taskTitle} />
    </div>
  );
}

function TaskLink({ bid }: { bid: MyBid }) {
  return (
    <Link to={`/browse-tasks/${bid.taskId}`} dir="auto" className="link link-hover font-medium">
      {bid.taskTitle}
    </Link>
  );
}

interface MyBidsListProps {
  bids: MyBid[];
  /** The screen's action for a bid (e.g. "Message the poster"), under its state. */
  action?: (bid: MyBid) => ReactNode;
}

/** My bids: cards on phones, a table from md up; an empty state when there are none. */
export function MyBidsList({ bids, action }: MyBidsListProps) {
  if (bids.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
        <Gavel className="size-12 text-base-content/40" aria-hidden="true" />
        <h2 className="text-xl font-semibold">You have not placed any bids yet.</h2>
        <p className="text-base-content/75">Find a task you can do and make an offer.</p>
        <Link to="/browse-tasks" className="btn btn-primary">
          Browse Tasks
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:hidden" aria-label="My bids">
        {bids.map((bid) => (
          <li key={bid._id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <div className="flex items-start justify-between gap-3">
              <TaskLink bid={bid} />
              <BidStateBadge state={bid.status} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">Amount</dt>
              <dd className="font-semibold text-primary">{formatMoney(bid.amount)}</dd>
              <dt className="text-base-content/70">Deadline</dt>
              <dd>{formatDate(bid.deadline)}</dd>
              <dt className="text-base-content/70">Placed</dt>
              <dd>{formatDateTime(bid.timestamp)}</dd>
              <dt className="text-base-content/70">Task status</dt>
              <dd>
                <StatusBadge status={bid.taskStatus} palette="owner" />
              </dd>
            </dl>
            <Review bid={bid} className="mt-3" />
            {action ? <div className="mt-3">{action(bid)}</div> : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <caption className="sr-only">My bids</caption>
          <thead>
            <tr className="text-base-content/75">
              <th scope="col">Task</th>
              <th scope="col">Amount</th>
              <th scope="col">Deadline</th>
              <th scope="col">Placed</th>
              <th scope="col">Task status</th>
              <th scope="col">Bid</th>
            </tr>
          </thead>
          <tbody>
            {bids.map((bid) => (
              <tr key={bid._id}>
                <td className="max-w-xs">
                  <TaskLink bid={bid} />
                </td>
                <td className="font-semibold whitespace-nowrap text-primary">
                  {formatMoney(bid.amount)}
                </td>
                <td className="whitespace-nowrap">{formatDate(bid.deadline)}</td>
                <td className="whitespace-nowrap">{formatDateTime(bid.timestamp)}</td>
                <td>
                  <StatusBadge status={bid.taskStatus} palette="owner" />
                </td>
                <td>
                  <div className="flex flex-col items-start gap-2">
                    <BidStateBadge state={bid.status} />
                    <Review bid={bid} />
                    {action?.(bid)}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
