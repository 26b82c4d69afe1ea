import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
} from 'react-router';
import { attempt, formText, isFailure } from '../lib/action-result.ts';
import { signUpWithEmail } from '../lib/auth/auth-api.ts';
import { loadAuthScreen } from '../features/auth/api/auth-screen.ts';
import { AccountNotice } from '../features/auth/components/account-notice.tsx';
import { EmailField } from '../features/auth/components/email-field.tsx';
import { NameField } from '../features/auth/components/name-field.tsx';
import { NewPasswordField } from '../features/auth/components/new-password-field.tsx';
import { PhotoUrlField } from '../features/auth/components/photo-url-field.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { authFailure } from '../features/auth/lib/sign-in-action.ts';
import { SIGNUP_PAGE } from '../../shared/pages/sign-in.ts';

export const loader = loadAuthScreen;

/**
 * Creates the account. The answer is the same whether or not the address already has one
 * (its owner is e-mailed instead), so it signs nobody in: the link in "Verify your e-mail"
 * does, and so does signing in.
 */
export async function action({ request }: ActionFunctionArgs) {
  const text = formText(await request.formData());
  return attempt(async () => {
    await signUpWithEmail({
      displayName: text('name'),
      email: text('email'),
      password: text('password'),
      photoURL: text('photoURL'),
    });
    return { signedUp: text('email').trim() };
  }, authFailure);
}

export { shouldRevalidate } from '../lib/action-result.ts';

/** /signup: name, e-mail, photo URL and password, or Google. */
export function Component() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Signing in from here returns where the visitor was going (a task, say), as from login:
  // the state the page was opened with (submitting the form navigates without it).
  const [state] = useState(useLocation().state);

  if (result && !isFailure(result))
    return (
      <AccountNotice
        tone="done"
        title="Check your e-mail"
        text={`We sent a link to ${result.signedUp}. Open it to verify your address and sign in. If the address already has a TaskBid account, we e-mailed its owner instead: sign in or reset your password.`}
        documentTitle="Check Your E-mail · TaskBid"
      >
        <Link to="/login" state={state} className="btn btn-outline w-full">
          Login
        </Link>
      </AccountNotice>
    );

  return (
    <SignInScreen
      title={SIGNUP_PAGE.heading}
      subtitle={SIGNUP_PAGE.intro}
      ask="Create an account"
      documentTitle={SIGNUP_PAGE.title}
      other={{ question: 'Already have an account?', to: '/login', label: 'Login' }}
      failure={isFailure(result) ? result.error : null}
      googleEnabled={googleEnabled}
      submit={{ label: 'Sign Up', busyLabel: 'Creating your account', icon: UserPlus }}
      fields={(busy) => (
        <>
          <NameField label="Name" disabled={busy} />
          <EmailField disabled={busy} />
          <PhotoUrlField disabled={busy} />
          <NewPasswordField label="Password" owner="form" disabled={busy} />
        </>
      )}
    />
  );
}
