import { redirect } from 'react-router';
import type { ErrorBody } from '../../../../shared/errors.ts';
import { attempt, formText } from '../../../lib/action-result.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { authFailureMessage } from '../../../lib/auth/auth-failure.ts';
import { returnPathAfterLogin } from '../../../lib/auth/guard.ts';
import { reloadSession } from '../../../lib/auth/session-store.ts';

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
 * The action of the sign-in and sign-up screens: `send` posts the form's fields; then the
 * session is read again (the header shows the user) and the visitor goes back to the page
 * they wanted (a path on this site, never an auth screen), or home.
 */
export async function signInAction(
  request: Request,
  send: (text: (name: string) => string) => Promise<void>,
) {
  const text = formText(await request.formData());
  return attempt(async () => {
    await send(text);
    await reloadSession();
    return redirect(returnPathAfterLogin({ from: text(RETURN_TO_FIELD) }));
  }, authFailure);
}
