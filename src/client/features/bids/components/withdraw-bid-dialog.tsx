import type { Bid } from '../../../../shared/bids/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { formatMoney } from '../../../lib/format.ts';

interface WithdrawBidDialogProps {
  /** The offer to ask about; null when none. */
  bid: Bid | null;
  onClose: () => void;
}

/**
 * `Withdraw your bid?`; yes posts intent `withdraw` with the bid's id to the screen's action.
 * A 409 (accepted or declined meanwhile) shows why it could not be.
 */
export function WithdrawBidDialog({ bid, onClose }: WithdrawBidDialogProps) {
  return (
    <ConfirmActionDialog
      open={bid !== null}
      title="Withdraw your bid?"
      confirmLabel="Yes, withdraw it"
      busyLabel="Withdrawing"
      confirmClassName="btn-error"
      cancelLabel="Keep it"
      intent="withdraw"
      values={{ bidId: bid?._id ?? '' }}
      onDone={onClose}
      onClose={onClose}
    >
      <p className="text-sm">
        Your offer of {formatMoney(bid?.amount)} will no longer be considered, and the task’s owner
        will be told. While bidding is open you can bid again: the same offer comes back.
      </p>
    </ConfirmActionDialog>
  );
}
