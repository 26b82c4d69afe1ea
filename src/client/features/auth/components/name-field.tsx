import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField, type InputFieldProps } from '../../../components/ui/input-field.tsx';

/** The display name of sign-up and profile. */
export function NameField(props: InputFieldProps) {
  return (
    <InputField name="name" autoComplete="name" required {...ACCOUNT_LIMITS.name} {...props} />
  );
}
