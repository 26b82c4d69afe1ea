import { LogIn } from 'lucide-react';
import {
  Link,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { authErrorMessage } from '../../shared/auth-errors.ts';
import { isFailure } from '../lib/action-result.ts';
import { signInWithEmail } from '../lib/auth/auth-api.ts';
import { loadAuthScreen } from '../features/auth/api/auth-screen.ts';
import { EmailField } from '../features/auth/components/email-field.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { signInAction } from '../features/auth/lib/sign-in-action.ts';
import { LOGIN_PAGE } from '../../shared/pages/sign-in.ts';

export const loader = loadAuthScreen;

/** Signs in with e-mail and password, then back to the page the visitor wanted. */
export function action({ request }: ActionFunctionArgs) {
  return signInAction(request, (text) => signInWithEmail(text('email'), text('password')));
}

export { shouldRevalidate } from '../lib/action-result.ts';

/** /login: e-mail and password, or Google; `?error=` is a Google sign-in that came back refused. */
export function Component() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectError = searchParams.get('error');
  const failure = isFailure(result)
    ? result.error
    : redirectError
      ? { message: authErrorMessage({ code: redirectError }) }
      : null;

  return (
    <SignInScreen
      title={LOGIN_PAGE.heading}
      subtitle={LOGIN_PAGE.intro}
      ask="Sign in"
      documentTitle={LOGIN_PAGE.title}
      other={{ question: 'New to TaskBid?', to: '/signup', label: 'Create an account' }}
      failure={failure}
      googleEnabled={googleEnabled}
      submit={{ label: 'Login', busyLabel: 'Signing in', icon: LogIn }}
      fields={(busy) => (
        <>
          <EmailField disabled={busy} />
          <PasswordField label="Password" autoComplete="current-password" disabled={busy} />
          <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">
            Forgot password?
          </Link>
        </>
      )}
    />
  );
}
