import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

interface SubmitButtonProps {
  busy: boolean;
  busyLabel: string;
  /** Shown before the text when not busy. */
  icon?: ReactNode;
  className?: string;
  /** The accessible name, when the text alone is ambiguous (e.g. one per card). */
  name?: string;
  children: ReactNode;
}

/**
 * A form's submit button with a spinner while the form is sent. It is never `disabled`
 * (that would throw the keyboard focus away, and the result dialog could not give it back);
 * a second press while busy is ignored instead.
 */
export function SubmitButton({
  busy,
  busyLabel,
  icon,
  className = '',
  name,
  children,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${busy ? 'pointer-events-none opacity-80' : ''} ${className}`}
      aria-label={name}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? <Spinner size="sm" label={busyLabel} className="[&_.loading]:text-current" /> : icon}
      {children}
    </button>
  );
}
