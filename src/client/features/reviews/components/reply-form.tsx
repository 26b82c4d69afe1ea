import { useFetcher } from 'react-router';
import { REVIEW_LIMITS } from '../../../../shared/limits.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FailureAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { isFailure } from '../../../lib/action-result.ts';

/** The reviewee answers a review once, in public (the screen's action, `intent=reply`). */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher();
  const failure = isFailure(fetcher.data) ? fetcher.data.error : undefined;
  const errors = useFieldErrors(failure?.issues);
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-primary">Reply</summary>
      <FieldErrorsContext value={errors}>
        <fetcher.Form method="post" className="mt-2 flex flex-col gap-3">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={reviewId} />
          <TextareaField
            label="Your reply"
            name="reply"
            rows={3}
            required
            {...REVIEW_LIMITS.reply}
            hint="Shown under the review, for everyone. You can reply once."
          />
          <FailureAlert failure={failure} />
          <SubmitButton
            busy={fetcher.state !== 'idle'}
            busyLabel="Posting reply"
            className="self-start"
            label="Post reply"
          />
        </fetcher.Form>
      </FieldErrorsContext>
    </details>
  );
}
