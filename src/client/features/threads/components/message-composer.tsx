import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { MESSAGE_LIMITS } from '../../../../shared/limits.ts';
import type { Message } from '../../../../shared/threads/schema.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';

/** Enter sends, Shift+Enter starts a new line (an IME composing a word keeps its Enter). */
function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * The reply box: "Message" and "Send", posting intent `send` to the thread's action through
 * `fetcher`. It empties once the server has the message; a refusal (too long, closed, too
 * many messages) shows above it and keeps the text; a warning about contact or payment
 * details in what was sent shows there too.
 */
export function MessageComposer({ fetcher }: { fetcher: FetcherWithComponents<unknown> }) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = isSubmitting(fetcher);
  const failure = isFailure(fetcher.data) ? fetcher.data.error : null;
  const errors = useFieldErrors(failure?.issues);
  const { data } = fetcher;
  // Contact or payment details before the task is assigned: sent, with a word of caution.
  const warning = data && !isFailure(data) ? (data as { sent?: Message }).sent?.warning : undefined;

  useEffect(() => {
    if (data && !isFailure(data)) formRef.current?.reset();
  }, [data]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      aria-label="Reply"
      className="border-t border-base-300 bg-base-100 p-3 sm:p-4"
    >
      {failure && !errors.body ? (
        <FormAlert tone="error" className="mb-3">
          {failure.message}
        </FormAlert>
      ) : null}
      {warning ? (
        <FormAlert tone="info" className="mb-3">
          {warning}
        </FormAlert>
      ) : null}
      <input type="hidden" name="intent" value="send" />
      <FieldErrorsContext value={errors}>
        <div className="flex items-end gap-2">
          {/* The box grows with the text up to about eight lines, then scrolls. */}
          <TextareaField
            label="Message"
            name="body"
            rows={1}
            dir="auto"
            className="min-w-0 flex-1 [&_textarea]:field-sizing-content [&_textarea]:min-h-11 [&_textarea]:max-h-48 [&_textarea]:resize-none"
            hint="Enter sends; Shift+Enter starts a new line."
            onKeyDown={(event) => {
              if (!busy) sendOnEnter(event);
              else if (event.key === 'Enter' && !event.shiftKey) event.preventDefault();
            }}
            {...MESSAGE_LIMITS.body}
          />
          <SubmitButton
            busy={busy}
            busyLabel="Sending"
            icon={SendHorizontal}
            className="mb-6"
            label="Send"
          />
        </div>
      </FieldErrorsContext>
    </fetcher.Form>
  );
}
