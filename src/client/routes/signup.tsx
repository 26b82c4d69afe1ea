import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/constants.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { authFailureMessage } from '../lib/auth/auth-failure.ts';
import { returnPathAfterLogin } from '../lib/auth/guard.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '../features/auth/components/google-sign-in-button.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { TextField } from '../features/auth/components/text-field.tsx';
import {
  NAME_MAX,
  PASSWORD_RULE,
  PHOTO_URL_HINT,
  PHOTO_URL_PATTERN,
} from '../features/auth/form-rules.ts';

/** /signup: name, e-mail, photo URL and password; signs the new user in. */
export function Component() {
  const { user, createUser } = useAuth();
  const location = useLocation();
  const id = useId();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [photoURL, setPhotoURL] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returnTo = returnPathAfterLogin(location.state);

  if (user) return <Navigate to={returnTo} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await createUser({ displayName, email, password, photoURL });
    } catch (failure) {
      setError(authFailureMessage(failure));
      setSubmitting(false);
    }
  };

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
      {error ? (
        <FormAlert tone="error" className="mb-4">
          {error}
        </FormAlert>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextField
          id={`${id}-name`}
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          disabled={submitting}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
        />
        <TextField
          id={`${id}-photo`}
          label="Photo URL"
          type="url"
          name="photoURL"
          autoComplete="photo"
          pattern={PHOTO_URL_PATTERN}
          maxLength={2048}
          placeholder="https://example.com/me.jpg"
          hint={PHOTO_URL_HINT}
          value={photoURL}
          onChange={(event) => setPhotoURL(event.target.value)}
          disabled={submitting}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          rule={PASSWORD_RULE}
          disabled={submitting}
        />
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
          {submitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <UserPlus className="size-4" aria-hidden="true" />
          )}
          {submitting ? 'Creating account...' : 'Sign Up'}
        </button>
      </form>
      <div className="mt-4">
        <GoogleSignInButton returnTo={returnTo} disabled={submitting} />
      </div>
    </AuthCard>
  );
}
