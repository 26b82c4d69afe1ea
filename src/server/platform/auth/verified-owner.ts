import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import {
  ACCOUNT_PAGES,
  RESET_PASSWORD_EXPIRES_IN_SECONDS,
  VERIFY_EMAIL_EXPIRES_IN_SECONDS,
} from '../../../shared/account.ts';
import type { Db } from '../db/client.ts';
import { account, session, user } from '../db/schema.ts';
import type { SessionCache } from './session-cache.ts';

/** The cookie that marks the browser an account was signed up from (signed: the account's id). */
const SIGNED_UP_COOKIE = 'signed_up';

/**
 * Verifying an address ends the access of whoever created the account without owning it.
 * Anyone can sign up with someone else's address and a password of their own; when the
 * owner of the address later follows "Verify your e-mail", that password and every session
 * it opened must stop working. So a sign-up verification link followed from a browser that
 * is neither the one that signed up (a signed cookie set by the sign-up) nor signed in to
 * the account removes the password and ends every session before better-auth verifies and
 * signs the verifier in; the verifier then lands on the reset page with a fresh link to
 * choose their own password. Verified in the browser that signed up, nothing else changes.
 */
export function verifiedOwner(db: Db, sessions: SessionCache): BetterAuthPlugin {
  /** Verifications that ended a creator's access, by request: where to send the verifier. */
  const takenOver = new WeakMap<Request, string>();

  return {
    id: 'verified-owner',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const token = ctx.query?.token;
            if (typeof token !== 'string' || !ctx.request) return;
            const claims = (await verifyJWT(token, ctx.context.secret)) as {
              userId?: string;
              updateTo?: string;
            } | null;
            // Only a sign-up's own verification (a change of address proves itself).
            if (!claims?.userId || claims.updateTo) return;
            const [owner] = await db
              .select({ id: user.id, verified: user.emailVerified })
              .from(user)
              .where(eq(user.id, claims.userId));
            if (!owner || owner.verified) return;
            const signedUpHere = await ctx.getSignedCookie(
              ctx.context.createAuthCookie(SIGNED_UP_COOKIE).name,
              ctx.context.secret,
            );
            const current = await getSessionFromCtx(ctx);
            if (signedUpHere === owner.id || current?.user.id === owner.id) return;

            await db.transaction(async (tx) => {
              await tx
                .delete(account)
                .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')));
              await tx.delete(session).where(eq(session.userId, owner.id));
            });
            await sessions.changed(db, owner.id);
            takenOver.set(ctx.request, owner.id);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/verify-email' || ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.path === '/sign-up/email') {
              // The same for a new address and a taken one (better-auth answers alike).
              const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
              const id = returned?.user?.id;
              if (typeof id !== 'string') return;
              const cookie = ctx.context.createAuthCookie(SIGNED_UP_COOKIE, {
                maxAge: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
              });
              await ctx.setSignedCookie(cookie.name, id, ctx.context.secret, cookie.attributes);
              return;
            }
            const ownerId = ctx.request ? takenOver.get(ctx.request) : undefined;
            if (!ownerId) return;
            const [owner] = await db
              .select({ verified: user.emailVerified })
              .from(user)
              .where(eq(user.id, ownerId));
            if (!owner?.verified) return;
            // The verifier (signed in by better-auth) chooses a password through the reset flow.
            const resetToken = randomBytes(18).toString('base64url');
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: `reset-password:${resetToken}`,
              value: ownerId,
              expiresAt: new Date(Date.now() + RESET_PASSWORD_EXPIRES_IN_SECONDS * 1000),
            });
            if (ctx.query?.callbackURL !== undefined)
              throw ctx.redirect(`${ACCOUNT_PAGES.resetPassword}?token=${resetToken}&verified=1`);
          }),
        },
      ],
    },
  };
}
