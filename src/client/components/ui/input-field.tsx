import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FormField, splitField, type FieldProps } from './form-field.tsx';

export interface InputFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'name'> {
  /** Shown inside the box before the value, e.g. a currency sign. */
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A `FormField` with an input (text, e-mail, URL, number, date …). */
export function InputField({ leading, ...props }: InputFieldProps) {
  const [field, input] = splitField(props);
  return (
    <FormField {...field}>
      {(control) =>
        leading ? (
          <div className="input w-full">
            {leading}
            <input {...input} {...control} className="grow" />
          </div>
        ) : (
          <input
            {...input}
            {...control}
            className="input w-full read-only:bg-base-200 read-only:text-base-content/80"
          />
        )
      }
    </FormField>
  );
}
