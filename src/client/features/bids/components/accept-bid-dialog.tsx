import { useNavigate } from 'react-router';
import type { Bid } from '../../../../shared/bids/schema.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { AmountList } from '../../../components/ui/amount-list.tsx';
import type { FeeSchedule } from '../../../../shared/payments/fees.ts';
import { useFeeModules } from '../../../lib/use-fee-modules.ts';

interface AcceptBidDialogProps {
  /** The bid to ask about; null when none. */
  bid: Bid | null;
  onClose: () => void;
  /** The fees in force when payment protection is on (then accepting leads to paying). */
  schedule?: FeeSchedule | null;
}

/**
 * `Accept this bid?` with bidder, amount and deadline; yes posts intent `accept` with the
 * bid's id to the screen's action. A 409 shows why it could not be. With payment protection
 * on it also shows what the poster pays, and accepting leads on to paying.
 */
export function AcceptBidDialog({ bid, onClose, schedule = null }: AcceptBidDialogProps) {
  const navigate = useNavigate();
  const modules = useFeeModules(schedule);
  const payment =
    bid && schedule && modules
      ? modules.words.posterLines(
          modules.fees.quote(
            { amount: modules.words.toCents(bid.amount), currency: schedule.currency },
            schedule,
          ),
        )
      : null;
  return (
    <ConfirmActionDialog
      open={bid !== null}
      title="Accept this bid?"
      tone="info"
      confirmLabel={schedule ? 'Accept and pay' : 'Yes, accept it'}
      busyLabel="Accepting"
      confirmClassName="btn-success"
      intent="accept"
      values={{ bidId: bid?._id ?? '' }}
      onDone={(result) => {
        // With payments on, the deal's pay screen is next (a redirect from the action could
        // be overtaken by the live reload the accept itself sets off).
        const dealId = (result as { dealId?: string | null } | undefined)?.dealId;
        if (dealId) void navigate(`/deals/${dealId}/pay`);
        else onClose();
      }}
      onClose={onClose}
    >
      {bid ? (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-base-content/70">Bidder</dt>
            <dd className="font-medium">{bid.userName}</dd>
            <dt className="text-base-content/70">Amount</dt>
            <dd className="font-medium">{formatMoney(bid.amount)}</dd>
            <dt className="text-base-content/70">Deadline</dt>
            <dd className="font-medium">{formatDate(bid.deadline)}</dd>
          </dl>
          {payment ? (
            <>
              <AmountList rows={payment.rows} total={payment.total} />
              <p className="text-sm">{modules?.words.PAYMENT_WORDS.acceptNote}</p>
            </>
          ) : (
            <p className="text-sm">
              The task will be assigned to this bidder and every other bid declined.
            </p>
          )}
        </>
      ) : null}
    </ConfirmActionDialog>
  );
}
