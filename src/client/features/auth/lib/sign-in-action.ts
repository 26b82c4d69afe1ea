import { redirect } from 'react-router';
import type { ErrorBody } from '../../../../shared/errors.ts';
import { attempt, formText } from '../../../lib/action-result.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { authFailureMessage } from '../../../lib/auth/auth-failure.ts';
import { returnPathAfterLogin } from '../../../lib/auth/guard.ts';
import { reloadSession } from '../../../lib/auth/session-store.ts';
import { welcomePending } from '../api/welcome-api.ts';

/** The form's hidden field that carries the page the visitor wanted before signing in. */
export const RETURN_TO_FIELD = 'returnTo';

/**
 * A refused sign-in, sign-up or profile change as its form shows it: the sentence of `src/shared/auth-errors.ts`
 * above the form, the server's issues beside the fields (the API's `image` is the form's
 * `photoURL`).
 */
export function authFailure(error: ApiError): ErrorBody {
  return {
    message: authFailureMessage(error),
    code: error.code,
    issues: error.issues?.map((issue) => ({
      ...issue,
      path: issue.path.replace(/^(body\.)?image(?=\.|$)/, 'photoURL'),
    })),
  };
}

/**
 * The action of the sign-in screen: `send` posts the form's fields; then the
 * session is read again (the header shows the user) and the visitor goes back to the page
 * they wanted (a path on this site, never an auth screen), or home. A new account that was
 * going nowhere in particular sees its welcome first (once).
 */
export async function signInAction(
  request: Request,
  send: (text: (name: string) => string) => Promise<void>,
) {
  const text = formText(await request.formData());
  return attempt(async () => {
    await send(text);
    await reloadSession();
    const next = returnPathAfterLogin({ from: text(RETURN_TO_FIELD) });
    return redirect(await pathAfterSignIn(next));
  }, authFailure);
}

/** Where a sign-in leads: the page wanted, or (going home) a new account's welcome first. */
export async function pathAfterSignIn(next: string): Promise<string> {
  return next === '/' && (await welcomePending()) ? '/welcome' : next;
}
