import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { attempt, intentAction, isFailure } from '../../lib/action-result.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { changeEmail, fetchSignInMethods } from '../../features/account/api/account-api.ts';
import { ChangeEmailForm } from '../../features/account/components/change-email-form.tsx';
import { fieldFailure, settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description: 'The address you sign in with and where we send your e-mails.',
};

/** Whether the account has a password to confirm the change with (a Google-only one has none). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { methods: await fetchSignInMethods(request.signal) };
}

export const action = intentAction({
  'change-email': async ({ intent, text }) => {
    const result = await attempt(async () => {
      await changeEmail(text('newEmail'), text('currentPassword') || undefined);
      return settingsDone(intent, { email: text('newEmail').trim() });
    });
    if (isFailure(result) && result.error.code === 'INVALID_PASSWORD')
      return fieldFailure('currentPassword', 'That is not your current password.');
    return result;
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/email: with the current password, a confirmation link goes to the new address. */
export function Component() {
  const { user } = useAuth();
  const { methods } = useLoaderData<typeof loader>();
  // The guard only renders this page for a signed-in user.
  return user ? (
    <ChangeEmailForm currentEmail={user.email} hasPassword={methods.hasPassword} />
  ) : null;
}
