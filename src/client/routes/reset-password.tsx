import { KeyRound } from 'lucide-react';
import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ACCOUNT_LIMITS } from '../../shared/limits.ts';
import { attempt, formText, isFailure, type ActionFailure } from '../lib/action-result.ts';
import { resetPassword } from '../lib/auth/auth-api.ts';
import { reloadSession } from '../lib/auth/session-store.ts';
import { useSubmitting } from '../lib/pending.ts';
import { AccountForm } from '../features/auth/components/account-form.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { AccountNotice } from '../features/auth/components/account-notice.tsx';
import { NewPasswordField } from '../features/auth/components/new-password-field.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { linkProblem, RESET_LINK_PROBLEMS } from '../features/auth/lib/link-problems.ts';

const { password } = ACCOUNT_LIMITS;
const SUBMIT = { label: 'Reset password', busyLabel: 'Resetting your password', icon: KeyRound };

/**
 * The token from the checked link, or why the link cannot be used. `verified=1`: the
 * address was just verified from a browser other than the one that signed up, so the
 * password set at sign-up is gone and the verifier chooses theirs here.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const error = params.get('error');
  return {
    token: error ? '' : token,
    problem: error || !token ? linkProblem(error) : null,
    verified: params.get('verified') === '1',
  };
}

/** The texts of the page when it follows a verification rather than a reset mail. */
const AFTER_VERIFYING = {
  title: 'Your e-mail address is verified',
  subtitle:
    'Choose your password to finish. For your safety, the password set when the account was created no longer works, and any other device was signed out.',
  done: 'Your password is set',
} as const;

const mismatch: ActionFailure = {
  error: {
    message: 'The two passwords are not the same. Type the new password twice.',
    issues: [{ path: 'confirmPassword', message: 'does not match the new password' }],
  },
};

/** Checks the two passwords agree, sets the new one, and picks up the session it signed in. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = formText(form);
  if (text('newPassword') !== text('confirmPassword')) return mismatch;
  return attempt(async () => {
    await resetPassword(text('token'), text('newPassword'));
    await reloadSession().catch(() => null);
    return { done: true as const };
  });
}

/** /reset-password?token=…: "New password" and "Confirm password", then signed in. */
export function Component() {
  const { token, problem, verified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useSubmitting();
  const failure = isFailure(result) ? result.error : null;

  // A link refused when the form is sent (used meanwhile, or expired) reads like a refused link.
  const refused =
    failure?.code && ['INVALID_TOKEN', 'TOKEN_USED', 'TOKEN_EXPIRED'].includes(failure.code)
      ? linkProblem(failure.code)
      : null;
  const shownProblem = problem ?? refused;
  if (shownProblem)
    return (
      <AccountNotice
        tone="problem"
        {...RESET_LINK_PROBLEMS[shownProblem]}
        documentTitle="Reset Password · TaskBid"
      >
        <Link to="/forgot-password" className="btn btn-primary w-full">
          Request a new link
        </Link>
      </AccountNotice>
    );

  if (result && !failure)
    return (
      <AccountNotice
        tone="done"
        title={verified ? AFTER_VERIFYING.done : 'Your password has been reset'}
        text="You're signed in with your new password. Every other device was signed out, and we've e-mailed you a note of the change."
        documentTitle="Password Reset · TaskBid"
      >
        <Link to="/my-tasks" className="btn btn-primary w-full">
          Go to My Tasks
        </Link>
        <Link to="/browse-tasks" className="btn btn-outline w-full">
          Browse Tasks
        </Link>
      </AccountNotice>
    );

  return (
    <AuthCard
      title={verified ? AFTER_VERIFYING.title : 'Choose a new password'}
      subtitle={
        verified
          ? AFTER_VERIFYING.subtitle
          : "Pick a password you don't use anywhere else. You'll be signed in once it's set."
      }
    >
      <title>Reset Password · TaskBid</title>
      <AccountForm failure={failure} submit={SUBMIT}>
        <input type="hidden" name="token" value={token} />
        <NewPasswordField label="New password" name="newPassword" disabled={submitting} />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          {...password}
          disabled={submitting}
        />
      </AccountForm>
    </AuthCard>
  );
}
