import type { ReactNode } from 'react';
import { Check, Mail } from 'lucide-react';
import type { Bid } from '../../../../shared/bids.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { BidStateBadge } from './bid-state-badge.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

interface BidCardProps {
  bid: Bid;
  /** Shown as an `Accept` button while the owner may still accept this bid. */
  onAccept?: (bid: Bid) => void;
  /** More actions at the card's foot (the screen's, e.g. "Message"). */
  children?: ReactNode;
}

/** One bid as the task's owner sees it, with the bidder's e-mail, message and state. */
export function BidCard({ bid, onAccept, children }: BidCardProps) {
  const initial = (bid.userName.trim()[0] ?? 'U').toUpperCase();
  return (
    <article className="flex h-full flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5">
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold break-words">
              <ProfileLink id={bid.userId}>{bid.userName}</ProfileLink>
            </h2>
            {bid.userEmail ? (
              <a
                href={`mailto:${bid.userEmail}`}
                className="flex items-center gap-1 text-sm break-all text-base-content/75 hover:underline"
              >
                <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                {bid.userEmail}
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="text-xl font-bold text-primary">{formatMoney(bid.amount)}</p>
          <BidStateBadge state={bid.status} />
        </div>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-base-content/70">Bid ID:</dt>
        <dd className="font-mono text-xs break-all">{bid._id}</dd>
        <dt className="text-base-content/70">Task ID:</dt>
        <dd className="font-mono text-xs break-all">{bid.taskId}</dd>
        <dt className="text-base-content/70">Deadline:</dt>
        <dd>{formatDate(bid.deadline)}</dd>
        <dt className="text-base-content/70">Submitted:</dt>
        <dd>{formatDateTime(bid.timestamp)}</dd>
      </dl>
      <div className="mt-auto rounded-field bg-base-200 p-3 text-sm">
        <p className="font-medium">Message:</p>
        <p className="mt-1 whitespace-pre-line break-words text-base-content/80">
          {bid.message || 'No message provided'}
        </p>
      </div>
      {onAccept ? (
        <button type="button" className="btn btn-success" onClick={() => onAccept(bid)}>
          <Check className="size-4" aria-hidden="true" />
          Accept
        </button>
      ) : null}
      {children}
    </article>
  );
}
