import { Eye, EyeOff } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

interface PasswordFieldProps {
  label: string;
  /** The control's name; `password` unless the form has several. */
  name?: string;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
  maxLength?: number;
  /** The password rule, shown under the field. */
  rule?: ReactNode;
  disabled?: boolean;
  onInput?: FormEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
}

/** A `FormField` with a password input and a show/hide switch. */
export function PasswordField({ label, name = 'password', rule, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} name={name} hint={rule}>
      {(control) => (
        <div className="relative">
          <input
            name={name}
            type={visible ? 'text' : 'password'}
            className="input w-full pr-12"
            required
            {...input}
            {...control}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1 z-10 -translate-y-1/2"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={control.id}
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}
