import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { attempt, intentAction, isFailure } from '../../lib/action-result.ts';
import { changePassword, fetchSignInMethods } from '../../features/account/api/account-api.ts';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { fieldFailure, settingsDone } from '../../features/account/lib/settings-done.ts';
import type { SettingsHandle } from './sections.ts';

export const handle: SettingsHandle = {
  description:
    'Changing your password signs you out on every other device and browser; this one stays signed in.',
};

/** Whether the account has a password to change (a Google-only one has none yet). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { methods: await fetchSignInMethods(request.signal) };
}

export const action = intentAction({
  'change-password': async ({ intent, text }) => {
    if (text('newPassword') !== text('confirmPassword'))
      return fieldFailure('confirmPassword', 'The two new passwords are not the same.');
    const result = await attempt(async () => {
      await changePassword(text('currentPassword'), text('newPassword'));
      return settingsDone(intent);
    });
    if (isFailure(result) && result.error.code === 'INVALID_PASSWORD')
      return fieldFailure('currentPassword', 'That is not your current password.');
    return result;
  },
});

export { shouldRevalidate } from '../../lib/action-result.ts';

/** /profile/password: change it, or how to set one when the account has none. */
export function Component() {
  const { methods } = useLoaderData<typeof loader>();
  if (methods.hasPassword) return <ChangePasswordForm />;
  return (
    <p className="text-sm">
      You sign in with Google, so your account has no password yet. To set one, sign out and use{' '}
      <Link to="/forgot-password" className="link link-primary">
        Forgot password?
      </Link>{' '}
      on the sign-in page: we e-mail you a link.
    </p>
  );
}
