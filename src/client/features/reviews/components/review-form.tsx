import { Star } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { REVIEW_LIMITS } from '../../../../shared/limits.ts';
import type { Review } from '../../../../shared/reviews/schema.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FailureAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { isFailure } from '../../../lib/action-result.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * "Leave a review": a rating as a group of five radio buttons (arrow keys move between the
 * stars) and a comment. Sent to the screen's action with `intent=review`; while the review
 * is unpublished the same form changes it.
 */
export function ReviewForm({ mine, otherName }: { mine: Review | null; otherName: string }) {
  const fetcher = useFetcher();
  const failure = isFailure(fetcher.data) ? fetcher.data.error : undefined;
  const errors = useFieldErrors(failure?.issues);
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const { comment } = REVIEW_LIMITS;
  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="review" />
        {mine ? <input type="hidden" name="reviewId" value={mine._id} /> : null}
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Rating</legend>
          <div className="flex items-center gap-1">
            {STARS.map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded-field p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-primary"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  required
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={`size-7 ${n <= rating ? 'fill-warning text-warning' : 'text-base-content/60'}`}
                />
                <span className="sr-only">
                  {n} {n === 1 ? 'star' : 'stars'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField
          label="Comment"
          name="comment"
          rows={4}
          required
          {...comment}
          defaultValue={mine?.comment ?? ''}
          hint={`What was it like to work with ${otherName}? ${comment.minLength} to ${comment.maxLength.toLocaleString('en-US')} characters.`}
        />
        <FailureAlert failure={failure} />
        <SubmitButton
          busy={fetcher.state !== 'idle'}
          busyLabel="Saving review…"
          label={mine ? 'Update review' : 'Submit review'}
        />
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
