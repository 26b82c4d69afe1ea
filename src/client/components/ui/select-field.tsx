import type { SelectHTMLAttributes } from 'react';
import { FormField, splitField, type FieldProps } from './form-field.tsx';

export type SelectOption = string | { value: string; label: string };

interface SelectFieldProps
  extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'name'> {
  options: readonly SelectOption[];
  /** A first, unselectable "Select …" entry for a field that starts empty. */
  placeholder?: string;
}

/** A `FormField` with a select; an option is its own label or `{ value, label }`. */
export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const [field, select] = splitField(props);
  return (
    <FormField {...field}>
      {(control) => (
        <select {...select} {...control} className="select w-full">
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) =>
            typeof option === 'string' ? (
              <option key={option}>{option}</option>
            ) : (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ),
          )}
        </select>
      )}
    </FormField>
  );
}
