import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField, type InputFieldProps } from '../../../components/ui/input-field.tsx';

/** The e-mail address of sign-in and sign-up. */
export function EmailField(props: Omit<InputFieldProps, 'label'>) {
  return (
    <InputField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      {...ACCOUNT_LIMITS.email}
      {...props}
    />
  );
}
