import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { ErrorBody } from '../../../../shared/errors.ts';
import type { SubmitSpec } from '../../../components/ui/submit-button.tsx';
import { returnPathAfterLogin } from '../../../lib/auth/guard.ts';
import { signInPurpose } from '../../../lib/auth/sign-in-purpose.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useSubmitting } from '../../../lib/pending.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { RETURN_TO_FIELD } from '../lib/sign-in-action.ts';
import { AccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { GoOnAfterSignIn } from './go-on-after-sign-in.tsx';

interface SignInScreenProps {
  title: string;
  subtitle: string;
  documentTitle: string;
  /** How the screen asks, before the reason it is asked for: "Sign in" (to see this task…). */
  ask: string;
  /** The other screen, under the card: "New to TaskBid? Create an account". */
  other: { question: string; to: '/login' | '/signup'; label: string };
  /** What the action (or the page's address) says went wrong. */
  failure: ErrorBody | null;
  googleEnabled: boolean;
  submit: SubmitSpec;
  /** The form's fields, disabled while it is sent. */
  fields: (busy: boolean) => ReactNode;
}

/**
 * Whether the server already wrote `noindex` into this document (the address a visitor opened
 * was a task's): it stays for the document's life, so a screen standing in adds no second one.
 * Read when this module loads, before any screen of it has added its own.
 */
const OPENED_NOINDEX =
  typeof document !== 'undefined' && document.head.querySelector('meta[name="robots"]') !== null;

/**
 * The sign-in and sign-up screens: the form posted to the route's action (with the page the
 * visitor wanted in a hidden field), "Continue with Google", and the way to the other screen.
 * A visitor who is signed in (already, or through the Google popup) goes on to that page.
 */
export function SignInScreen(props: SignInScreenProps) {
  const { title, subtitle, documentTitle, ask, other, failure, googleEnabled, submit, fields } =
    props;
  const { user } = useAuth();
  const location = useLocation();
  // The page the visitor wanted lives in the history entry, which the server never sees (a
  // reload of /login keeps it): read once the server's screen is hydrated.
  const state: unknown = useHydrated() ? location.state : null;
  const submitting = useSubmitting();
  const returnTo = returnPathAfterLogin(state);
  const purpose = signInPurpose(returnTo);
  const redirected = returnPathAfterLogin(state, '') !== '';

  // While the form is sent, its action sends the visitor on once the session is read.
  if (user && !submitting) return <GoOnAfterSignIn returnTo={returnTo} />;

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <p className="text-base-content/75">
          {other.question}{' '}
          <Link to={other.to} state={state} className="link link-primary font-medium">
            {other.label}
          </Link>
        </p>
      }
    >
      <title>{documentTitle}</title>
      {/* Shown in place of a page behind sign-in (a task's): that address stays out of search results. */}
      {redirected && !OPENED_NOINDEX ? <meta name="robots" content="noindex" /> : null}
      {purpose ? (
        <p className="mb-5 flex items-start gap-2 rounded-field bg-info/10 px-3 py-2 text-sm font-medium">
          <Info className="mt-0.5 size-4 text-info" aria-hidden="true" />
          {ask} to {purpose}
        </p>
      ) : null}
      <AccountForm failure={failure} submit={submit}>
        <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
        {fields(submitting)}
      </AccountForm>
      <div className="mt-4">
        <GoogleSignInButton returnTo={returnTo} enabled={googleEnabled} disabled={submitting} />
      </div>
    </AuthCard>
  );
}
