import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import type { ReactNode } from 'react';
import { Check, Mail } from 'lucide-react';
import type { Bid } from '../../../../shared/bids/schema.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { BidStateBadge } from './bid-state-badge.tsx';
import { BidRevisions } from './bid-revisions.tsx';
import { BidderRecordLine } from './bidder-record.tsx';
import { EditedNote } from './edited-note.tsx';
import { CopyableId } from '../../../components/ui/copyable-id.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';

interface BidCardProps {
  bid: Bid;
  /** Shown as an `Accept` button while the owner may still accept this bid. */
  onAccept?: (bid: Bid) => void;
  /** More actions at the card's foot (the screen's, e.g. "Message"). */
  children?: ReactNode;
}

/**
 * One offer as the task's owner sees it: the bidder (photo, profile, track record, e-mail),
 * the amount and state (and what an edit changed), the ids, the message.
 */
export function BidCard({ bid, onAccept, children }: BidCardProps) {
  const withdrawn = bid.status === 'withdrawn';
  return (
    <article
      className={`flex h-full flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 ${withdrawn ? 'border-dashed' : ''}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <UserAvatar name={bid.userName} photoURL={bid.bidder.image} className="size-10" />
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-semibold">
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
        <div className="flex shrink-0 flex-col items-end gap-1 text-right">
          <p className={`text-xl font-bold ${withdrawn ? 'text-base-content/60' : 'text-primary'}`}>
            {formatMoney(bid.amount)}
          </p>
          <BidStateBadge state={bid.status} />
        </div>
      </header>
      <BidderRecordLine record={bid.bidder} />
      {bid.editedAt ? <EditedNote bid={bid} /> : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
        <dt className="text-base-content/70">Bid ID:</dt>
        <dd className="min-w-0">
          <CopyableId id={bid._id} label="Bid ID" />
        </dd>
        <dt className="text-base-content/70">Task ID:</dt>
        <dd className="min-w-0">
          <CopyableId id={bid.taskId} label="Task ID" />
        </dd>
        <dt className="text-base-content/70">Deadline:</dt>
        <dd>{formatDate(bid.deadline)}</dd>
        <dt className="text-base-content/70">Submitted:</dt>
        <dd>{formatDateTime(bid.timestamp)}</dd>
      </dl>
      <div className="mt-auto rounded-field bg-base-200 p-3 text-sm">
        <p className="font-medium">Message:</p>
        <p dir="auto" className="mt-1 whitespace-pre-line text-base-content/80">
          {bid.message || 'No message provided'}
        </p>
      </div>
      <ModerationNotice notice={bid.moderationNotice} />
      {bid.history ? <BidRevisions history={bid.history} /> : null}
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
