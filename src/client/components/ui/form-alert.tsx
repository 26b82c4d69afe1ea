import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ErrorBody } from '../../../shared/errors.ts';

interface FormAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}

const TONES = {
  error: { className: 'alert-error', Icon: CircleAlert, role: 'alert' },
  success: { className: 'alert-success', Icon: CircleCheck, role: 'status' },
  info: { className: 'alert-info', Icon: Info, role: 'status' },
} as const;

/** A message above or below a form: errors are announced at once, the rest politely. */
export function FormAlert({ tone, children, className = '' }: FormAlertProps) {
  const { className: toneClass, Icon, role } = TONES[tone];
  return (
    <div role={role} className={`alert alert-soft ${toneClass} text-sm ${className}`}>
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/**
 * A failed action's message in an error alert. A failure with field issues shows nothing here:
 * its sentences stand beside the fields they are about.
 */
export function FailureAlert({ failure }: { failure?: ErrorBody | null }) {
  if (!failure || failure.issues?.length) return null;
  return <FormAlert tone="error">{failure.message}</FormAlert>;
}
