import { MailCheck, RotateCw } from 'lucide-react';
import { useFetcher } from 'react-router';
import { isFailure, type ActionFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';

/** Where "Resend e-mail" posts (routes/verification-email-resource.ts). */
export const RESEND_VERIFICATION_ACTION = '/resources/verification-email';

interface ResendVerificationProps {
  email: string;
  /** `small` for the banner, a full-width button on a page. */
  size?: 'small' | 'page';
}

/** "Resend e-mail": a new verification link, then what happened (sent, or why not). */
export function ResendVerification({ email, size = 'page' }: ResendVerificationProps) {
  const fetcher = useFetcher<{ sent: true } | ActionFailure>();
  const busy = isSubmitting(fetcher);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = isFailure(result) ? result.error.message : null;
  const sent = result && !failure;
  const button = size === 'small' ? 'btn btn-sm btn-primary' : 'btn btn-primary w-full';

  return (
    <fetcher.Form
      method="post"
      action={RESEND_VERIFICATION_ACTION}
      className={
        size === 'small' ? 'flex flex-wrap items-center gap-x-3 gap-y-1' : 'flex flex-col gap-2'
      }
    >
      <button type="submit" className={button} disabled={busy}>
        {busy ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : (
          <RotateCw className="size-4" aria-hidden="true" />
        )}
        {busy ? 'Sending...' : 'Resend e-mail'}
      </button>
      <p role="status" className={`text-sm empty:hidden ${size === 'page' ? 'self-center' : ''}`}>
        {sent ? (
          <span className="inline-flex items-center gap-1.5">
            <MailCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
            {size === 'small'
              ? "We've sent a new link. Check your inbox."
              : `We've sent a new link to ${email}.`}
          </span>
        ) : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
