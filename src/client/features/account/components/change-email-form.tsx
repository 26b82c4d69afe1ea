import { Mail } from 'lucide-react';
import { DELETE_FRESH_SIGN_IN_MINUTES } from '../../../../shared/account.ts';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SettingsForm } from './settings-form.tsx';

interface ChangeEmailFormProps {
  currentEmail: string;
  /** Without a password (Google only), a recent sign-in stands in for it. */
  hasPassword: boolean;
}

/**
 * A new address, with the current password: confirmed from that address before the account
 * moves to it.
 */
export function ChangeEmailForm({ currentEmail, hasPassword }: ChangeEmailFormProps) {
  return (
    <SettingsForm
      intent="change-email"
      submit={{
        label: 'Send confirmation link',
        busyLabel: 'Sending the confirmation link',
        icon: Mail,
      }}
      doneText={(done) =>
        done.email
          ? `Check ${done.email} for a confirmation link. Until you open it, you keep signing in with ${currentEmail}.`
          : null
      }
      resetWhenDone
    >
      <p className="text-sm">
        Your address now: <span className="font-medium break-all">{currentEmail}</span>
      </p>
      <InputField
        label="New e-mail address"
        name="newEmail"
        type="email"
        autoComplete="email"
        required
        {...ACCOUNT_LIMITS.email}
        hint="We send a confirmation link to the new address. Your address changes once you open it, and we let the current address know."
      />
      {hasPassword ? (
        <InputField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={ACCOUNT_LIMITS.password.maxLength}
        />
      ) : (
        <p className="text-sm">
          Your account has no password, so changing the address needs a sign-in with Google in the
          last {DELETE_FRESH_SIGN_IN_MINUTES} minutes. If yours is older, sign out and sign in with
          Google again first.
        </p>
      )}
    </SettingsForm>
  );
}
