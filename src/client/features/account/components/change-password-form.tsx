import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { PasswordRules } from '../../../components/ui/password-rules.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { SettingsForm } from './settings-form.tsx';

const { minLength, maxLength } = ACCOUNT_LIMITS.password;
const NEW_PASSWORD = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  minLength,
  maxLength,
} as const;

/** "Current password", "New password", "Confirm password"; every other session then ends. */
export function ChangePasswordForm() {
  const { user } = useAuth();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The form empties once the password is changed: so do the rules.
  useEffect(() => {
    const form = input.current?.form;
    const clear = () => setValue('');
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, []);
  return (
    <SettingsForm
      intent="change-password"
      submit={{ label: 'Change password', busyLabel: 'Changing your password', icon: KeyRound }}
      doneText={() => 'Your password was changed. Every other device was signed out.'}
      resetWhenDone
    >
      <InputField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        maxLength={maxLength}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="New password"
          name="newPassword"
          {...NEW_PASSWORD}
          ref={input}
          onInput={(event) => setValue(event.currentTarget.value)}
          hint={
            <PasswordRules
              value={value}
              owner={user ? { name: user.displayName, email: user.email } : undefined}
            />
          }
        />
        <InputField label="Confirm password" name="confirmPassword" {...NEW_PASSWORD} />
      </div>
    </SettingsForm>
  );
}
