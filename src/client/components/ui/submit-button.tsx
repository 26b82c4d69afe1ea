import type { LucideIcon } from 'lucide-react';
import { Spinner } from './spinner.tsx';

/** What a form's submit button says: its text, what it reads out while sent, its icon. */
export interface SubmitSpec {
  label: string;
  busyLabel: string;
  icon?: LucideIcon;
}

interface SubmitButtonProps extends SubmitSpec {
  busy: boolean;
  /** Nothing to send yet (e.g. a profile with no change); not used while busy, see below. */
  disabled?: boolean;
  className?: string;
  /** The accessible name, when the text alone is ambiguous (e.g. one per card). */
  name?: string;
}

/**
 * A form's submit button with a spinner while the form is sent. Being sent never makes it
 * `disabled` (that would throw the keyboard focus away, and the result dialog could not give
 * it back); a second press while busy is ignored instead.
 */
export function SubmitButton({
  label,
  busy,
  busyLabel,
  icon: Icon,
  disabled,
  className = '',
  name,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${busy ? 'pointer-events-none opacity-80' : ''} ${className}`}
      aria-label={name}
      aria-disabled={busy || undefined}
      disabled={disabled}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? (
        <Spinner size="sm" label={busyLabel} className="[&_.loading]:text-current" />
      ) : Icon ? (
        <Icon className="size-4" aria-hidden="true" />
      ) : null}
      {label}
    </button>
  );
}
