import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField, type InputFieldProps } from '../../../components/ui/input-field.tsx';

/** The optional photo URL of sign-up and profile: a public https address, as the server checks. */
export function PhotoUrlField(props: Omit<InputFieldProps, 'label'>) {
  return (
    <InputField
      label="Photo URL"
      note="(optional)"
      name="photoURL"
      type="url"
      autoComplete="photo"
      {...ACCOUNT_LIMITS.photoUrl}
      placeholder="https://example.com/me.jpg"
      hint="A link to a picture of you; without one we show your first letter."
      {...props}
    />
  );
}
