import type { BidState } from '../../../../shared/lifecycle.ts';

const TONES: Record<BidState, string> = {
  pending: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-neutral',
  cancelled: 'badge-error',
  withdrawn: 'badge-outline',
};

const LABELS: Record<BidState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
};

function isBidState(state: string): state is BidState {
  return state in TONES;
}

/** A bid's state: Pending amber, Accepted green, Declined grey, Cancelled red,
 * Withdrawn outlined. */
export function BidStateBadge({ state, className = '' }: { state: string; className?: string }) {
  const known = isBidState(state) ? state : 'pending';
  return (
    <span className={`badge badge-sm whitespace-nowrap font-medium ${TONES[known]} ${className}`}>
      {LABELS[known]}
    </span>
  );
}
