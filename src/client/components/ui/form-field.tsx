import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  /** Shown after the label, e.g. "(optional)". */
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** A label above its control; the control carries `id` so the label names it. */
export function FormField({ id, label, hint, className = '', children }: FormFieldProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {hint ? <span className="ml-1 font-normal text-base-content/70">{hint}</span> : null}
      </label>
      {children}
    </div>
  );
}
