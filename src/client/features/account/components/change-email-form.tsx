import { Mail } from 'lucide-react';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

/** A new address: confirmed from that address before the account moves to it. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { fetcher, busy, failure, errors, done, form } = useSettingsFetcher();

  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form ref={form} method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="change-email" />
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
        {failure && !failure.issues?.length ? (
          <FormAlert tone="error">{failure.message}</FormAlert>
        ) : null}
        {done?.email ? (
          <FormAlert tone="success">
            Check {done.email} for a confirmation link. Until you open it, you keep signing in with{' '}
            {currentEmail}.
          </FormAlert>
        ) : null}
        <SubmitButton
          busy={busy}
          busyLabel="Sending the confirmation link"
          icon={<Mail className="size-4" aria-hidden="true" />}
          className="sm:self-start"
        >
          Send confirmation link
        </SubmitButton>
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
