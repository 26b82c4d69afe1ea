import type { TextareaHTMLAttributes } from 'react';
import { FormField, type FieldProps } from './form-field.tsx';

type TextareaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'name'>;

/** A `FormField` with a multi-line text box. */
export function TextareaField({
  label,
  name,
  note,
  hint,
  className,
  ...textarea
}: TextareaFieldProps) {
  return (
    <FormField label={label} name={name} note={note} hint={hint} className={className}>
      {(control) => <textarea name={name} {...textarea} {...control} className="textarea w-full" />}
    </FormField>
  );
}
