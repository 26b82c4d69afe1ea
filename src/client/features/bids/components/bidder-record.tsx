import type { BidderRecord } from '../../../../shared/bids/schema.ts';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';
import { formatMonth } from '../../../lib/format.ts';

/** What a poster decides on, in one line that wraps: rating, jobs completed, member since. */
export function BidderRecordLine({ record }: { record: BidderRecord }) {
  const jobs = record.jobsCompleted;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
      <RatingBadge rating={record.rating} className="text-base-content" />
      <span>
        {jobs} {jobs === 1 ? 'job' : 'jobs'} completed
      </span>
      <span>Member since {formatMonth(record.memberSince)}</span>
    </p>
  );
}
