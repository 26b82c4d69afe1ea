import { PencilLine, Undo2 } from 'lucide-react';
import type { Bid } from '../../../../shared/bids/schema.ts';
import { isChangeable, isWithdrawable } from '../../../../shared/lifecycle.ts';
import { formatDate, formatMoney, formatShortMoment } from '../../../lib/format.ts';
import { BidStateBadge } from './bid-state-badge.tsx';

interface YourOfferProps {
  bid: Bid;
  /** Fills the bid form with this offer, to change it (while bidding is open). */
  onUpdate?: () => void;
  /** Asks to withdraw it (while bidding is open). */
  onWithdraw?: () => void;
}

/**
 * `Your offer: $395.00 · Pending`, then `Jan 10 · done by Feb 3, 2027`, above the bid form, with what the bidder can do
 * with it: Update (the form, filled in) and Withdraw while it is pending; Bid again once
 * withdrawn.
 */
export function YourOffer({ bid, onUpdate, onWithdraw }: YourOfferProps) {
  return (
    <section aria-label="Your offer" className="flex flex-col gap-3 rounded-field bg-base-200 p-4">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">
          Your offer: <span className="text-primary">{formatMoney(bid.amount)}</span>
        </span>
        {/* The separator goes with the state, so a wrapped line starts with it. */}
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <span aria-hidden="true">·</span>
          <BidStateBadge state={bid.status} />
        </span>
      </p>
      <p className="text-sm text-base-content/75">
        {formatShortMoment(bid.timestamp)} · done by {formatDate(bid.deadline)}
        {bid.editedAt ? ` · edited ${formatShortMoment(bid.editedAt)}` : ''}
      </p>
      {onUpdate && isChangeable(bid) ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-primary btn-outline" onClick={onUpdate}>
            <PencilLine className="size-4" aria-hidden="true" />
            {isWithdrawable(bid) ? 'Update' : 'Bid again'}
          </button>
          {onWithdraw && isWithdrawable(bid) ? (
            <button type="button" className="btn btn-sm btn-ghost text-error" onClick={onWithdraw}>
              <Undo2 className="size-4" aria-hidden="true" />
              Withdraw
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
