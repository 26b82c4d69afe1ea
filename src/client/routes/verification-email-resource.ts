/**
 * /resources/verification-email: a resource route (an action, no screen) behind every
 * "Resend e-mail" button. It sends a new verification link to the signed-in user's address
 * and never throws: the banner sits on every screen, and a failure must not replace it.
 */
import { attempt } from '../lib/action-result.ts';
import { sendVerificationEmail } from '../lib/auth/auth-api.ts';
import { currentSession } from '../lib/auth/session-store.ts';

export async function action() {
  const user = await currentSession();
  if (!user) return { error: { message: 'Please sign in to get a new verification link.' } };
  return attempt(async () => {
    await sendVerificationEmail(user.email);
    return { sent: true as const };
  });
}
