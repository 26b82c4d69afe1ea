import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DELETE_FRESH_SIGN_IN_MINUTES } from '../../../../shared/account.ts';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';

interface DeleteAccountProps {
  /** Without a password (Google only) the account is deleted after a fresh Google sign-in. */
  hasPassword: boolean;
  googleEnabled: boolean;
}

/** What deleting takes away and what stays, then the question with the password. */
export function DeleteAccount({ hasPassword, googleEnabled }: DeleteAccountProps) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>Your open tasks are deleted and your pending bids withdrawn.</li>
        <li>
          Work already agreed (a bid that was accepted, a task someone is doing for you) stays with
          the other person, shown under the name “Deleted user”.
        </li>
        <li>Your profile, notifications and e-mail settings are removed.</li>
        <li>We send a confirmation to your address, which can then sign up again.</li>
      </ul>
      <button
        type="button"
        className="btn btn-error btn-outline sm:self-start"
        onClick={() => setAsking(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete account
      </button>
      <ConfirmActionDialog
        open={asking}
        tone="error"
        title="Delete your account?"
        confirmLabel="Delete account"
        busyLabel="Deleting your account"
        confirmClassName="btn-error"
        cancelLabel="Keep my account"
        intent="delete-account"
        onDone={() => setAsking(false)}
        onClose={() => setAsking(false)}
      >
        <p>This cannot be undone. Agreed work stays with the other person as “Deleted user”.</p>
        {hasPassword ? (
          <InputField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={ACCOUNT_LIMITS.password.maxLength}
            className="text-left"
          />
        ) : (
          <FreshGoogleSignIn googleEnabled={googleEnabled} />
        )}
      </ConfirmActionDialog>
    </div>
  );
}

/** An account without a password proves it is its owner by signing in with Google again. */
function FreshGoogleSignIn({ googleEnabled }: { googleEnabled: boolean }) {
  const { googleLogin } = useAuth();
  return (
    <div className="flex flex-col items-center gap-2 text-sm">
      <p>
        Your account has no password, so deleting it needs a sign-in with Google in the last{' '}
        {DELETE_FRESH_SIGN_IN_MINUTES} minutes. If yours is older, sign in with Google again first.
      </p>
      {googleEnabled ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void googleLogin('/profile/delete-account').catch(() => undefined)}
        >
          Sign in with Google again
        </button>
      ) : (
        <p>
          Or set a password with <Link to="/forgot-password">Forgot password?</Link> and use it
          here.
        </p>
      )}
    </div>
  );
}
