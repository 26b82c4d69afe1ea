import { Mail } from 'lucide-react';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SettingsForm } from './settings-form.tsx';

/** A new address: confirmed from that address before the account moves to it. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
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
    </SettingsForm>
  );
}
