import { Send } from 'lucide-react';
import { Link, useActionData, type ActionFunctionArgs } from 'react-router';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { attempt, isFailure } from '../lib/action-result.ts';
import { requestPasswordReset } from '../lib/auth/auth-api.ts';
import { useSubmitting } from '../lib/pending.ts';
import { AccountForm } from '../features/auth/components/account-form.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { EmailField } from '../features/auth/components/email-field.tsx';

const RESET_LINK_SENT =
  "If an account exists for that e-mail, we've sent a link to reset your password.";

/** "Send reset link": the same answer for every address, so nobody learns who has an account. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  return attempt(async () => {
    await requestPasswordReset(email);
    return { sent: true as const };
  });
}

/** /forgot-password: asks for the address the reset link goes to. */
export function Component() {
  const result = useActionData<typeof action>();
  const submitting = useSubmitting();
  const failure = isFailure(result) ? result.error : null;

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail you signed up with and we'll send you a link to choose a new one."
      footer={
        <p className="text-base-content/75">
          Remembered it?{' '}
          <Link to="/login" className="link link-primary font-medium">
            Back to login
          </Link>
        </p>
      }
    >
      <title>Forgot Password · TaskBid</title>
      {result && !failure ? (
        <FormAlert tone="success" className="mb-4">
          {RESET_LINK_SENT}
        </FormAlert>
      ) : null}
      <AccountForm
        failure={failure}
        submit={{ label: 'Send reset link', busyLabel: 'Sending the reset link', icon: Send }}
      >
        <EmailField disabled={submitting} />
      </AccountForm>
    </AuthCard>
  );
}
