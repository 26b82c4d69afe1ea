import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { ErrorBody } from '../../../shared/errors.ts';
import { isFailure } from '../../lib/action-result.ts';
import { isSubmitting } from '../../lib/pending.ts';
import { useActionDialog } from '../../lib/use-action-dialog.ts';
import { AppDialog, type DialogTone } from './app-dialog.tsx';
import { FieldErrorsContext, onlyFieldIssues, useFieldErrors } from './field-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { Spinner } from './spinner.tsx';

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  tone?: DialogTone;
  confirmLabel: string;
  busyLabel: string;
  confirmClassName?: string;
  cancelLabel?: string;
  /** The `intent` the screen's route action is asked to perform. */
  intent: string;
  /** Sent with the intent as hidden fields (the ids the action needs). */
  values?: Record<string, string>;
  /** The action succeeded (the screen's data has reloaded by then), with what it answered. */
  onDone: (result: unknown) => void;
  /** The action failed; without it the failure shows in the dialog as an alert. */
  onFailure?: (error: ErrorBody) => void;
  /** The dialog closed (answered, done, or dismissed). */
  onClose: () => void;
  /**
   * The names of the dialog's own fields: a refusal's issues about them show beside them
   * (and no alert then); anything else stays the alert.
   */
  fields?: readonly string[];
  /** What is asked about, and any fields (native validation applies). */
  children: ReactNode;
}

const NO_FIELDS: readonly string[] = [];

/**
 * A question on the one app dialog whose answer posts `intent` (and the dialog's fields) to
 * the screen's route action through a fetcher: the confirm button shows a spinner until the
 * action and the reload are done; a failure (409 and the like) stays in the dialog as an alert.
 */
export function ConfirmActionDialog({
  open,
  title,
  tone = 'warning',
  confirmLabel,
  busyLabel,
  confirmClassName = 'btn-primary',
  cancelLabel = 'Go back',
  intent,
  values = {},
  onDone,
  onFailure,
  onClose,
  fields = NO_FIELDS,
  children,
}: ConfirmActionDialogProps) {
  const formId = useId();
  const fetcher = useFetcher<unknown>();
  const busy = isSubmitting(fetcher);
  const answer = useActionDialog(fetcher.state === 'idle' ? (fetcher.data as object) : undefined);
  const refusal = isFailure(answer.current) && !onFailure ? answer.current.error : null;
  const issues = refusal && fields.length > 0 ? refusal.issues : undefined;
  const errors = useFieldErrors(issues);
  const failure = refusal && !onlyFieldIssues(issues, fields) ? refusal.message : null;

  const callbacks = useRef({ onDone, onFailure });
  useEffect(() => {
    callbacks.current = { onDone, onFailure };
  });
  // Each answer is reported once, when its reload has finished.
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined) return;
    if (!isFailure(fetcher.data)) callbacks.current.onDone(fetcher.data);
    else callbacks.current.onFailure?.(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  return (
    <AppDialog
      open={open}
      role="alertdialog"
      tone={tone}
      title={title}
      onClose={() => {
        answer.close();
        onClose();
      }}
      actions={
        <>
          <button type="submit" form={formId} className={`btn ${confirmClassName}`} disabled={busy}>
            {busy ? <Spinner size="sm" label={busyLabel} /> : null}
            {confirmLabel}
          </button>
          <form method="dialog">
            <button type="submit" className="btn btn-ghost" disabled={busy}>
              {cancelLabel}
            </button>
          </form>
        </>
      }
    >
      <fetcher.Form method="post" id={formId} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FieldErrorsContext value={errors}>{children}</FieldErrorsContext>
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      </fetcher.Form>
    </AppDialog>
  );
}
