import { useFetcher } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';

interface UnblockButtonProps {
  userId: string;
  name: string;
  className?: string;
}

/** "Unblock" (no question: blocking again is one click away); a refusal shows under it. */
export function UnblockButton({ userId, name, className = '' }: UnblockButtonProps) {
  const fetcher = useFetcher<unknown>();
  const busy = isSubmitting(fetcher);
  const failure = fetcher.state === 'idle' && isFailure(fetcher.data) ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton
        busy={busy}
        busyLabel={`Unblocking ${name}`}
        className="btn-outline btn-sm"
        name={`Unblock ${name}`}
        label="Unblock"
      />
      {failure ? (
        <p role="alert" className="mt-1 text-sm text-error">
          {failure.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
