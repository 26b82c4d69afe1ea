import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { DELETE_FRESH_SIGN_IN_MINUTES } from '../../../shared/account.ts';

/** What the check needs of better-auth's context (a hook's, or `auth.$context`). */
interface ProofContext {
  internalAdapter: {
    findAccounts(userId: string): Promise<{ providerId: string; password?: string | null }[]>;
  };
  password: { verify(data: { hash: string; password: string }): Promise<boolean> };
}

/** Without a password (Google only), a sign-in this recent stands in for it. */
const FRESH_SIGN_IN_MS = DELETE_FRESH_SIGN_IN_MINUTES * 60_000;

export type OwnerProofProblem = 'INVALID_PASSWORD' | 'STALE_SIGN_IN';

/**
 * Whether the person behind a session has shown, just now, that the account is theirs:
 * its current password, or for an account without one (Google only) a sign-in in the last
 * few minutes. A session alone proves neither: it may be an old one, left open or stolen.
 */
export async function ownerProofProblem(
  ctx: ProofContext,
  userId: string,
  password: unknown,
  signedInAt: Date,
): Promise<OwnerProofProblem | null> {
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  const hash = accounts.find((a) => a.providerId === 'credential')?.password;
  if (hash) {
    const ok =
      typeof password === 'string' &&
      password.length > 0 &&
      (await ctx.password.verify({ hash, password }));
    return ok ? null : 'INVALID_PASSWORD';
  }
  return Date.now() - signedInAt.getTime() > FRESH_SIGN_IN_MS ? 'STALE_SIGN_IN' : null;
}

/** The refusal for a missing proof, with the issue on the password field. */
export function ownerProofRefusal(problem: OwnerProofProblem, action: string): APIError {
  if (problem === 'STALE_SIGN_IN')
    return new APIError('BAD_REQUEST', {
      message: `Sign in with Google again, then ${action}.`,
      code: 'STALE_SIGN_IN',
    });
  const message = 'That password is not right.';
  return new APIError('BAD_REQUEST', {
    message,
    code: 'INVALID_PASSWORD',
    issues: [{ path: 'currentPassword', message }],
  });
}

/**
 * A change of e-mail address needs the current password (or a fresh Google sign-in), as a
 * change of password and the deletion of the account do: whoever holds a session must not
 * be able to move the account, and with it every reset link, to an address of their own.
 */
export function ownerProof(): BetterAuthPlugin {
  return {
    id: 'owner-proof',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/change-email',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // better-auth answers 401 itself
            const body = (ctx.body ?? {}) as { currentPassword?: unknown };
            const problem = await ownerProofProblem(
              ctx.context,
              session.user.id,
              body.currentPassword,
              new Date(session.session.createdAt),
            );
            if (problem) throw ownerProofRefusal(problem, 'change the address');
          }),
        },
      ],
    },
  };
}
