import { LogIn } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { authErrorMessage } from '../../shared/auth-errors.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { authFailureMessage } from '../lib/auth/auth-failure.ts';
import { returnPathAfterLogin } from '../lib/auth/guard.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '../features/auth/components/google-sign-in-button.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { TextField } from '../features/auth/components/text-field.tsx';

/** /login: e-mail and password, or Google; then back to the page the visitor wanted. */
export function Component() {
  const { user, signInUser } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redirectError = searchParams.get('error');
  const returnTo = returnPathAfterLogin(location.state);

  if (user) return <Navigate to={returnTo} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await signInUser(email, password);
    } catch (failure) {
      setError(authFailureMessage(failure));
      setSubmitting(false);
    }
  };

  const shownError = error ?? (redirectError ? authErrorMessage({ code: redirectError }) : null);

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
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={submitting}
        />
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
          {submitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <LogIn className="size-4" aria-hidden="true" />
          )}
          {submitting ? 'Signing in...' : 'Login'}
        </button>
      </form>
      <div className="mt-4">
        <GoogleSignInButton returnTo={returnTo} disabled={submitting} />
      </div>
    </AuthCard>
  );
}
