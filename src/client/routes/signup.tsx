import { UserPlus } from 'lucide-react';
import { Link, Navigate, useLoaderData, useLocation } from 'react-router';
import { ACCOUNT_LIMITS } from '../../shared/limits.ts';
import { FieldErrorsContext } from '../components/ui/field-errors.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { returnPathAfterLogin } from '../lib/auth/guard.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { loadAuthScreen } from '../features/auth/api/auth-screen.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { AuthSubmitButton } from '../features/auth/components/auth-submit-button.tsx';
import { EmailField } from '../features/auth/components/email-field.tsx';
import { GoogleSignInButton } from '../features/auth/components/google-sign-in-button.tsx';
import { NameField } from '../features/auth/components/name-field.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { PhotoUrlField } from '../features/auth/components/photo-url-field.tsx';
import { useAccountForm } from '../features/auth/hooks/use-account-form.ts';

const { password } = ACCOUNT_LIMITS;

/** /signup: name, e-mail, photo URL and password; signs the new user in. */
export const loader = loadAuthScreen;

export function Component() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const { user, createUser } = useAuth();
  const location = useLocation();
  const { submitting, failure, onSubmit } = useAccountForm(async (text) => {
    await createUser({
      displayName: text('name'),
      email: text('email'),
      password: text('password'),
      photoURL: text('photoURL'),
    });
  });
  const returnTo = returnPathAfterLogin(location.state);

  if (user) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join TaskBid to post tasks and bid on work worldwide."
      footer={
        <p className="text-base-content/75">
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="link link-primary font-medium">
            Login
          </Link>
        </p>
      }
    >
      <title>Sign Up · TaskBid</title>
      {failure ? (
        <FormAlert tone="error" className="mb-4">
          {failure.message}
        </FormAlert>
      ) : null}
      <FieldErrorsContext value={failure?.errors ?? {}}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit}>
          <NameField label="Name" disabled={submitting} />
          <EmailField disabled={submitting} />
          <PhotoUrlField disabled={submitting} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...password}
            rule={`Use ${password.minLength} to ${password.maxLength} characters.`}
            disabled={submitting}
          />
          <AuthSubmitButton
            busy={submitting}
            busyText="Creating account..."
            icon={<UserPlus className="size-4" aria-hidden="true" />}
          >
            Sign Up
          </AuthSubmitButton>
        </form>
      </FieldErrorsContext>
      <div className="mt-4">
        <GoogleSignInButton returnTo={returnTo} enabled={googleEnabled} disabled={submitting} />
      </div>
    </AuthCard>
  );
}
