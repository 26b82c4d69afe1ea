import { MessageSquare } from 'lucide-react';
import { useFetcher } from 'react-router';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { MESSAGES_RESOURCE } from '../api/threads-api.ts';

interface StartThreadButtonProps {
  taskId: string;
  /** The bidder, when the task's owner writes to one of them. */
  bidderId?: string;
  /** The visible text: "Message" or "Message the poster". */
  label: string;
  /** The full name when the text alone is ambiguous, e.g. "Message Ana Ruiz". */
  name?: string;
  /** A small button (in a table row); otherwise as wide as its place. */
  small?: boolean;
  className?: string;
}

/**
 * Opens the conversation about a task between its owner and one bidder (starting it the
 * first time) and goes there; a refusal shows under the button.
 */
export function StartThreadButton({
  taskId,
  bidderId,
  label,
  name,
  small = false,
  className = '',
}: StartThreadButtonProps) {
  const fetcher = useFetcher<unknown>();
  const busy = isSubmitting(fetcher);
  const failure = fetcher.state === 'idle' && isFailure(fetcher.data) ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" action={MESSAGES_RESOURCE} className={className}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="taskId" value={taskId} />
      {bidderId ? <input type="hidden" name="bidderId" value={bidderId} /> : null}
      <SubmitButton
        busy={busy}
        busyLabel="Opening the conversation"
        icon={MessageSquare}
        className={small ? 'btn-outline btn-sm' : 'btn-outline w-full'}
        name={name}
        label={label}
      />
      {failure ? (
        <p role="alert" className="mt-1 text-sm text-error">
          {failure.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
