import { Star } from 'lucide-react';
import type { RatingSummary } from '../../../shared/reviews/schema.ts';

/**
 * A person's rating from published reviews: "4.8 (12)", or "New" before their first review.
 * Screen readers hear "Rating 4.8 from 12 reviews" or "Rating New".
 */
export function RatingBadge({
  rating,
  className = '',
}: {
  rating: RatingSummary;
  className?: string;
}) {
  const rated = rating.average !== null && rating.count > 0;
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 text-sm font-medium ${className}`}>
      <Star
        className={`size-4 ${rated ? 'fill-warning text-warning' : 'text-base-content/60'}`}
        aria-hidden="true"
      />
      <span className="sr-only">Rating </span>
      {rated ? (
        <>
          {rating.average!.toFixed(1)}
          <span className="text-base-content/70">
            <span aria-hidden="true"> ({rating.count})</span>
            <span className="sr-only">
              {' '}
              from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
            </span>
          </span>
        </>
      ) : (
        'New'
      )}
    </span>
  );
}
