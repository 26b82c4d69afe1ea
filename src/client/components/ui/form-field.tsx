import { CircleAlert } from 'lucide-react';
import { useContext, useEffect, useId, type ReactNode } from 'react';
import { FieldErrorsContext } from './field-errors.ts';

/** What the field hands its control: the label's target and the descriptions. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: string;
  /** The control's `name`: the server's message for it is shown under the control. */
  name?: string;
  /** Shown after the label, e.g. "(optional)". */
  note?: string;
  /** Shown under the control, e.g. a rule or what the field is for. */
  hint?: ReactNode;
  /** For the field's box in the form's layout, e.g. `md:col-span-2`. */
  className?: string;
}

/** A wrapper's props split in two: the field's own, and the rest (with `name`) for the control. */
export function splitField<T extends FieldProps>(props: T) {
  const { label, name, note, hint, className, ...control } = props;
  return [
    { label, name, note, hint, className },
    { name, ...control },
  ] as const;
}

interface FormFieldProps extends FieldProps {
  children: (control: ControlProps) => ReactNode;
}

/** A sentence for a message: "is required" beside "Title" reads "Title is required". */
function errorText(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/**
 * The one form field: a label above its control, the server's message for it and a hint
 * below, both tied to the control with `aria-describedby`; a control with a message is
 * `aria-invalid`. The message comes from the form's `FieldErrorsContext`, by `name`; a new
 * set of messages moves the focus to the first invalid field.
 */
export function FormField({ label, name, note, hint, className = '', children }: FormFieldProps) {
  const id = useId();
  const errors = useContext(FieldErrorsContext);
  const message = errors[name ?? ''];
  // Each new set of errors moves the focus to the form's first invalid field (a dialog that
  // opens with them gives the focus back there when it closes).
  useEffect(() => {
    if (!message) return;
    const control = document.getElementById(id);
    const form = control && 'form' in control ? (control.form as HTMLFormElement | null) : null;
    if (control && form?.querySelector('[aria-invalid="true"]') === control) control.focus();
  }, [errors, message, id]);
  const errorId = message ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {note ? <span className="font-normal text-base-content/70"> {note}</span> : null}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': message ? true : undefined,
      })}
      {message ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-error">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{errorText(label, message)}</span>
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="text-xs text-base-content/70">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
