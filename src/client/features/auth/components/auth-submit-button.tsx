import type { ReactNode } from 'react';

interface AuthSubmitButtonProps {
  busy: boolean;
  /** Shown instead of the text while the form is sent, e.g. "Signing in...". */
  busyText: string;
  icon: ReactNode;
  disabled?: boolean;
  /** Its width: the whole form's by default. */
  className?: string;
  children: ReactNode;
}

/** The full-width submit button of the account forms, with a spinner while they are sent. */
export function AuthSubmitButton({
  busy,
  busyText,
  icon,
  disabled,
  className = 'w-full',
  children,
}: AuthSubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn-primary mt-2 ${className}`}
      disabled={busy || disabled}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : icon}
      {busy ? busyText : children}
    </button>
  );
}
