import type { Bid } from '../../../../shared/bids.ts';
import { acceptBid } from '../api/bids-api.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';

interface AcceptBidDialogProps {
  /** The bid to ask about; null when none. */
  bid: Bid | null;
  onClose: () => void;
  /** The server accepted it. */
  onAccepted: () => void;
}

/** `Accept this bid?` with bidder, amount and deadline; a 409 shows why it could not be. */
export function AcceptBidDialog({ bid, onClose, onAccepted }: AcceptBidDialogProps) {
  return (
    <ConfirmActionDialog
      open={bid !== null}
      title="Accept this bid?"
      tone="info"
      confirmLabel="Yes, accept it"
      busyLabel="Accepting"
      confirmClassName="btn-success"
      onClose={onClose}
      onConfirm={async () => {
        if (!bid) return;
        await acceptBid(bid._id);
        onAccepted();
      }}
    >
      {bid ? (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-base-content/70">Bidder</dt>
            <dd className="font-medium break-words">{bid.userName}</dd>
            <dt className="text-base-content/70">Amount</dt>
            <dd className="font-medium">{formatMoney(bid.amount)}</dd>
            <dt className="text-base-content/70">Deadline</dt>
            <dd className="font-medium">{formatDate(bid.deadline)}</dd>
          </dl>
          <p className="text-sm">
            The task will be assigned to this bidder and every other bid declined.
          </p>
        </>
      ) : null}
    </ConfirmActionDialog>
  );
}
