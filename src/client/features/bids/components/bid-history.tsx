import { Clock, Gavel } from 'lucide-react';
import type { Bid } from '../../../../shared/bids/schema.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { MoreLink } from '../../../components/ui/more-link.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { BidStateBadge } from './bid-state-badge.tsx';
import { EditedNote } from './edited-note.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

interface BidHistoryProps {
  bids: Bid[];
  /** Set when the bids could not be loaded. */
  error: string | null;
  count: number;
  /** Where "Show more" leads (the same screen with one more page of bids), while some are left. */
  moreHref?: string;
}

/**
 * `Bid History (n)`: the offers loaded so far (one per person), in the order first placed,
 * numbered, each marked when edited or withdrawn, and "Show more".
 */
export function BidHistory({ bids, error, count, moreHref }: BidHistoryProps) {
  return (
    <Panel title={`Bid History (${count})`} className="sm:p-6">
      {error ? (
        <FormAlert tone="error">{error}</FormAlert>
      ) : bids.length === 0 ? (
        <p className="flex items-center gap-2 text-base-content/75">
          <Gavel className="size-5" aria-hidden="true" />
          No bids have been placed yet
        </p>
      ) : (
        <ol className="divide-y divide-base-300">
          {bids.map((bid, index) => (
            <li key={bid._id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <ProfileLink id={bid.userId}>{bid.userName}</ProfileLink>
                </p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
                  Bid #{index + 1} <BidStateBadge state={bid.status} />
                  <EditedNote bid={bid} />
                </p>
              </div>
              <div className="text-sm sm:text-right">
                <p className="text-base font-semibold text-primary">{formatMoney(bid.amount)}</p>
                <p>Deadline: {formatDate(bid.deadline)}</p>
                <p className="flex items-center gap-1 text-base-content/70 sm:justify-end">
                  <Clock className="size-3.5" aria-hidden="true" />
                  <span>Submitted {formatDateTime(bid.timestamp)}</span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {moreHref && !error ? (
        <MoreLink to={moreHref} aria-label={`Show more bids (${bids.length} of ${count} shown)`}>
          Show more
        </MoreLink>
      ) : null}
    </Panel>
  );
}
