import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: ReactNode;
}

/** A labelled input with an optional hint below it. */
export function TextField({ id, label, hint, className = '', ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {input.required ? null : (
          <span className="font-normal text-base-content/70"> (optional)</span>
        )}
      </label>
      <input id={id} aria-describedby={hintId} className={`input w-full ${className}`} {...input} />
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
