import { UserPlus } from 'lucide-react';
import { useActionData, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { ACCOUNT_LIMITS } from '../../shared/limits.ts';
import { isFailure } from '../lib/action-result.ts';
import { signUpWithEmail } from '../lib/auth/auth-api.ts';
import { loadAuthScreen } from '../features/auth/api/auth-screen.ts';
import { EmailField } from '../features/auth/components/email-field.tsx';
import { NameField } from '../features/auth/components/name-field.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { PhotoUrlField } from '../features/auth/components/photo-url-field.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { signInAction } from '../features/auth/lib/sign-in-action.ts';

const { password } = ACCOUNT_LIMITS;

export const loader = loadAuthScreen;

/** Creates the account (which signs the new user in), then back to the page they wanted. */
export function action({ request }: ActionFunctionArgs) {
  return signInAction(request, (text) =>
    signUpWithEmail({
      displayName: text('name'),
      email: text('email'),
      password: text('password'),
      photoURL: text('photoURL'),
    }),
  );
}

export { shouldRevalidate } from '../lib/action-result.ts';

/** /signup: name, e-mail, photo URL and password, or Google. */
export function Component() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();

  return (
    <SignInScreen
      title="Create your account"
      subtitle="Join TaskBid to post tasks and bid on work worldwide."
      documentTitle="Sign Up · TaskBid"
      other={{ question: 'Already have an account?', to: '/login', label: 'Login' }}
      failure={isFailure(result) ? result.error : null}
      googleEnabled={googleEnabled}
      submit={{ label: 'Sign Up', busyLabel: 'Creating your account', icon: UserPlus }}
      fields={(busy) => (
        <>
          <NameField label="Name" disabled={busy} />
          <EmailField disabled={busy} />
          <PhotoUrlField disabled={busy} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...password}
            rule={`Use ${password.minLength} to ${password.maxLength} characters.`}
            disabled={busy}
          />
        </>
      )}
    />
  );
}
