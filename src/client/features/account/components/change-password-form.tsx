import { KeyRound } from 'lucide-react';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
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
          hint={`${minLength} to ${maxLength} characters.`}
        />
        <InputField label="Confirm password" name="confirmPassword" {...NEW_PASSWORD} />
      </div>
    </SettingsForm>
  );
}
