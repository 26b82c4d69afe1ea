import { History } from 'lucide-react';
import type { Bid } from '../../../../shared/bids/schema.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';

/**
 * That an offer was changed: "edited, was $120.00" where its history is shown (to the task's
 * owner and the bidder), "edited" to everyone else; nothing for an offer never changed.
 */
export function EditedNote({ bid, className = '' }: { bid: Bid; className?: string }) {
  if (!bid.editedAt) return null;
  const was = bid.history?.[0];
  return (
    <span
      className={`inline-flex items-center gap-1 text-sm text-base-content/75 ${className}`}
      title={`Edited ${formatDateTime(bid.editedAt)}`}
    >
      <History className="size-3.5 shrink-0" aria-hidden="true" />
      {was ? `edited, was ${formatMoney(was.amount)}` : 'edited'}
    </span>
  );
}
