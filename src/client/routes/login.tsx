import { LogIn } from 'lucide-react';
import { Link, Navigate, useLoaderData, useLocation, useSearchParams } from 'react-router';
import { authErrorMessage } from '../../shared/auth-errors.ts';
import { FieldErrorsContext } from '../components/ui/field-errors.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { returnPathAfterLogin } from '../lib/auth/guard.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { loadAuthScreen } from '../features/auth/api/auth-screen.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { AuthSubmitButton } from '../features/auth/components/auth-submit-button.tsx';
import { EmailField } from '../features/auth/components/email-field.tsx';
import { GoogleSignInButton } from '../features/auth/components/google-sign-in-button.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { useAccountForm } from '../features/auth/hooks/use-account-form.ts';

/** /login: e-mail and password, or Google; then back to the page the visitor wanted. */
export const loader = loadAuthScreen;

export function Component() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const { user, signInUser } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { submitting, failure, onSubmit } = useAccountForm(async (text) => {
    await signInUser(text('email'), text('password'));
  });
  const redirectError = searchParams.get('error');
  const returnTo = returnPathAfterLogin(location.state);

  if (user) return <Navigate to={returnTo} replace />;

  const shownError =
    failure?.message ?? (redirectError ? authErrorMessage({ code: redirectError }) : null);

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to post tasks, place bids and manage your work."
      footer={
        <p className="text-base-content/75">
          New to TaskBid?{' '}
          <Link to="/signup" state={location.state} className="link link-primary font-medium">
            Create an account
          </Link>
        </p>
      }
    >
      <title>Login · TaskBid</title>
      {shownError ? (
        <FormAlert tone="error" className="mb-4">
          {shownError}
        </FormAlert>
      ) : null}
      <FieldErrorsContext value={failure?.errors ?? {}}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <EmailField disabled={submitting} />
          <PasswordField label="Password" autoComplete="current-password" disabled={submitting} />
          <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">
            Forgot password?
          </Link>
          <AuthSubmitButton
            busy={submitting}
            busyText="Signing in..."
            icon={<LogIn className="size-4" aria-hidden="true" />}
          >
            Login
          </AuthSubmitButton>
        </form>
      </FieldErrorsContext>
      <div className="mt-4">
        <GoogleSignInButton returnTo={returnTo} enabled={googleEnabled} disabled={submitting} />
      </div>
    </AuthCard>
  );
}
