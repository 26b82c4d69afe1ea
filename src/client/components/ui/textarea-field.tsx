import type { TextareaHTMLAttributes } from 'react';
import { FormField, splitField, type FieldProps } from './form-field.tsx';

type TextareaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'name'>;

/** A `FormField` with a multi-line text box. */
export function TextareaField(props: TextareaFieldProps) {
  const [field, textarea] = splitField(props);
  return (
    <FormField {...field}>
      {(control) => <textarea {...textarea} {...control} className="textarea w-full" />}
    </FormField>
  );
}
