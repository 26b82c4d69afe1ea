import { KeyRound } from 'lucide-react';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { FieldErrorsContext } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useSettingsFetcher } from '../hooks/use-settings-fetcher.ts';

const { minLength, maxLength } = ACCOUNT_LIMITS.password;

/** "Current password", "New password", "Confirm password"; every other session then ends. */
export function ChangePasswordForm() {
  const { fetcher, busy, failure, errors, done, form } = useSettingsFetcher();

  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form ref={form} method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="change-password" />
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
            type="password"
            autoComplete="new-password"
            required
            minLength={minLength}
            maxLength={maxLength}
            hint={`${minLength} to ${maxLength} characters.`}
          />
          <InputField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={minLength}
            maxLength={maxLength}
          />
        </div>
        {failure && !failure.issues?.length ? (
          <FormAlert tone="error">{failure.message}</FormAlert>
        ) : null}
        {done ? (
          <FormAlert tone="success">
            Your password was changed. Every other device was signed out.
          </FormAlert>
        ) : null}
        <SubmitButton
          busy={busy}
          busyLabel="Changing your password"
          icon={<KeyRound className="size-4" aria-hidden="true" />}
          className="sm:self-start"
        >
          Change password
        </SubmitButton>
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
