import { Star } from 'lucide-react';
import type { Review } from '../../../../shared/reviews/schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { ReplyForm } from './reply-form.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= rating ? 'fill-warning text-warning' : 'text-base-content/50'}`}
        />
      ))}
    </span>
  );
}

/**
 * Published reviews, newest first: stars (marked when not counted in the rating), comment, who
 * wrote it, on which task, and the reply.
 */
export function ReviewList({
  reviews,
  canReply = false,
}: {
  reviews: Review[];
  /** The reader is the reviewee: reviews without a reply offer one. */
  canReply?: boolean;
}) {
  return (
    <ul className="space-y-4">
      {reviews.map((r) => (
        <li key={r._id} className="rounded-box border border-base-300 bg-base-100 p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="inline-flex flex-wrap items-center gap-2">
              <Stars rating={r.rating} />
              {r.publishedAt && !r.counted ? (
                <span
                  className="badge badge-ghost badge-sm"
                  title="Ratings count reviews between verified accounts, one per person every six months."
                >
                  Not counted in the rating
                </span>
              ) : null}
            </span>
            <span className="text-sm text-base-content/70">
              {formatDate(r.publishedAt ?? r.createdAt)}
            </span>
          </div>
          <p dir="auto" className="mt-2 whitespace-pre-line">
            {r.comment}
          </p>
          <p className="mt-3 text-sm text-base-content/70">
            <ProfileLink id={r.reviewer.id} className="link font-medium">
              {r.reviewer.name}
            </ProfileLink>{' '}
            as {r.role === 'freelancer' ? 'client' : 'freelancer'}, for “
            <span dir="auto">{r.taskTitle}</span>”
          </p>
          {r.reply ? (
            <div className="mt-3 border-l-4 border-primary/60 pl-3 text-sm">
              <p className="font-medium">
                Reply from <span dir="auto">{r.reviewee.name}</span>
              </p>
              <p dir="auto" className="whitespace-pre-line">
                {r.reply}
              </p>
            </div>
          ) : canReply ? (
            <ReplyForm reviewId={r._id} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
