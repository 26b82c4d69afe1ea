import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AppDialog, type DialogTone } from './app-dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { Spinner } from './spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  tone?: DialogTone;
  confirmLabel: string;
  busyLabel: string;
  confirmClassName?: string;
  cancelLabel?: string;
  /** Does the work with the dialog's form fields; a throw shows its message in the dialog. */
  onConfirm: (form: FormData) => Promise<void>;
  /** The dialog closed (answered, done, or dismissed). */
  onClose: () => void;
  /** What is asked about, and any fields (native validation applies). */
  children: ReactNode;
}

/**
 * A question on the one app dialog whose answer calls the server: the confirm button shows a
 * spinner while it works; a failure (409 and the like) stays in the dialog as an alert.
 */
export function ConfirmActionDialog({
  open,
  title,
  tone = 'warning',
  confirmLabel,
  busyLabel,
  confirmClassName = 'btn-primary',
  cancelLabel = 'Go back',
  onConfirm,
  onClose,
  children,
}: ConfirmActionDialogProps) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(new FormData(event.currentTarget));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      role="alertdialog"
      tone={tone}
      title={title}
      onClose={() => {
        setError(null);
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
      <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {children}
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      </form>
    </AppDialog>
  );
}
