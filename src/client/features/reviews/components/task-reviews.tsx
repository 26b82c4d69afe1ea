import { EyeOff } from 'lucide-react';
import type { TaskReviews as TaskReviewsData } from '../../../../shared/reviews/schema.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewList } from './review-list.tsx';

/**
 * The reviews section of a completed task, for its owner and its freelancer: the published
 * reviews, and "Leave a review" while the window is open. Until both have written (or the
 * window closes) a review is seen only by its author.
 */
export function TaskReviews({ data, otherName }: { data: TaskReviewsData; otherName: string }) {
  const { reviews, mine, canReview, windowEndsAt } = data;
  const closes = windowEndsAt ? formatDateTime(windowEndsAt) : null;
  return (
    <Panel title={canReview ? 'Leave a review' : 'Reviews'}>
      {mine && !mine.publishedAt ? (
        <p className="flex items-start gap-2 text-sm text-base-content/75">
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Your review is saved. Nobody else sees it until {otherName} has reviewed you too
          {closes ? `, or until ${closes}` : ''}. You can change it until then.
        </p>
      ) : null}
      {canReview ? <ReviewForm mine={mine} otherName={otherName} /> : null}
      {!canReview && !mine && reviews.length === 0 ? (
        <p className="text-base-content/75">The review window for this task has closed.</p>
      ) : null}
      {reviews.length > 0 ? <ReviewList reviews={reviews} /> : null}
    </Panel>
  );
}
