import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import type { User } from 'better-auth/types';
import { ACCOUNT_PAGES } from '../../shared/account.ts';
import type { Db } from '../db/client.ts';
import { user, verification } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { AUTH_PREFIX } from './endpoints.ts';

/** What better-auth hands a mail callback. */
interface MailUser {
  id: string;
  name: string;
  email: string;
}

/** The claims of better-auth's e-mail verification token (a signed JWT). */
interface VerificationClaims {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
}

/**
 * The account mails better-auth asks for, queued in the outbox (sent later, with retries),
 * and the hooks that make its verification links single-use and tell the old address
 * about an e-mail change.
 */
export function accountMail(db: Db, baseUrl: string, secret: string) {
  const verifyLink = (token: string) =>
    `${baseUrl}${AUTH_PREFIX}/verify-email?token=${token}&callbackURL=${encodeURIComponent(ACCOUNT_PAGES.emailVerified)}`;

  async function claims(token: unknown): Promise<VerificationClaims | null> {
    if (typeof token !== 'string') return null;
    return (await verifyJWT(token, secret)) as VerificationClaims | null;
  }

  async function findUser(id: string | undefined) {
    if (!id) return undefined;
    const [row] = await db
      .select({ id: user.id, name: user.name, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, id));
    return row;
  }

  /**
   * better-auth deletes a reset token once used, so on its own a second click cannot be told
   * from a made-up link. A used token leaves a marker (its hash) for a day, and an expired
   * one is still a row: the link then says which it was.
   */
  const usedResetKey = (token: string) =>
    `reset-password-used:${createHash('sha256').update(token).digest('base64url')}`;
  async function resetLinkProblem(token: unknown): Promise<'TOKEN_USED' | 'TOKEN_EXPIRED' | null> {
    if (typeof token !== 'string' || token.length > 200) return null;
    const rows = await db
      .select({ identifier: verification.identifier, expiresAt: verification.expiresAt })
      .from(verification)
      .where(inArray(verification.identifier, [usedResetKey(token), `reset-password:${token}`]));
    const now = new Date();
    if (rows.some((r) => r.identifier === usedResetKey(token) && r.expiresAt > now))
      return 'TOKEN_USED';
    if (rows.some((r) => r.identifier !== usedResetKey(token) && r.expiresAt <= now))
      return 'TOKEN_EXPIRED';
    return null;
  }

  /** Whose password a reset request set, for the `after` hook to sign that person in. */
  const resetBy = new WeakMap<Request, User>();

  const passwordChanged = async (to: MailUser) => {
    await enqueueMail(db, {
      kind: 'password-changed',
      to: to.email,
      data: { name: to.name, changedAt: new Date().toISOString() },
    });
  };

  return {
    /** Sign-up, resend, and the confirmation sent to a new address (the token says which). */
    async sendVerificationEmail({ user: to, token }: { user: MailUser; token: string }) {
      const c = await claims(token);
      if (c?.updateTo) {
        await enqueueMail(db, {
          kind: 'confirm-new-email',
          to: c.updateTo,
          data: { name: to.name, newEmail: c.updateTo, url: verifyLink(token) },
        });
        return;
      }
      await enqueueMail(db, {
        kind: 'verify-email',
        to: to.email,
        data: { name: to.name, email: to.email, url: verifyLink(token) },
      });
    },

    async sendResetPassword({ user: to, token }: { user: MailUser; token: string }) {
      const url = `${baseUrl}${AUTH_PREFIX}/reset-password/${token}?callbackURL=${encodeURIComponent(ACCOUNT_PAGES.resetPassword)}`;
      await enqueueMail(db, { kind: 'reset-password', to: to.email, data: { name: to.name, url } });
    },

    /** A reset set the password (every session already ended): tell the owner. */
    async passwordReset(to: User, request: Request | undefined) {
      if (request) resetBy.set(request, to);
      await passwordChanged(to);
    },

    /**
     * Before better-auth verifies an address: a link whose work is done (the address is
     * already verified, or the account already moved to the new address) is refused as
     * used, so a second click signs nobody in.
     */
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/reset-password/:token' || ctx.path === '/reset-password') {
        const token = ctx.path === '/reset-password' ? ctx.body?.token : ctx.params?.token;
        const problem = await resetLinkProblem(token);
        if (!problem) return; // better-auth answers everything else itself
        // The link leads to our page (fixed here, whatever the query says).
        if (ctx.path !== '/reset-password')
          throw ctx.redirect(`${baseUrl}${ACCOUNT_PAGES.resetPassword}?error=${problem}`);
        throw new APIError('BAD_REQUEST', {
          message:
            problem === 'TOKEN_USED'
              ? 'This reset link was already used.'
              : 'This reset link has expired.',
          code: problem,
        });
      }
      if (ctx.path !== '/verify-email') return;
      const c = await claims(ctx.query?.token);
      if (!c) return; // better-auth answers malformed and expired tokens itself
      const owner = await findUser(c.userId);
      const used = c.updateTo
        ? owner?.email.toLowerCase() === c.updateTo.toLowerCase()
        : owner?.verified === true;
      if (!used) return;
      if (ctx.query?.callbackURL !== undefined)
        throw ctx.redirect(`${ACCOUNT_PAGES.emailVerified}?error=TOKEN_USED`);
      throw new APIError('BAD_REQUEST', {
        message: 'This link was already used.',
        code: 'TOKEN_USED',
      });
    }),

    /**
     * After better-auth acted: a confirmed change of address marks the new address
     * verified (the link proved it) and tells the old one; a password changed by its
     * owner gets the same notice as a reset; a reset signs its person in with a new
     * session (the old ones were all ended).
     */
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/reset-password') {
        const owner = ctx.request ? resetBy.get(ctx.request) : undefined;
        if (!owner || ctx.context.returned instanceof Error) return;
        if (typeof ctx.body?.token === 'string')
          await db.insert(verification).values({
            id: randomUUID(),
            identifier: usedResetKey(ctx.body.token),
            value: owner.id,
            expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
          });
        const session = await ctx.context.internalAdapter.createSession(owner.id);
        await setSessionCookie(ctx, { session, user: owner });
        return;
      }
      if (ctx.path === '/verify-email') {
        const c = await claims(ctx.query?.token);
        if (!c?.updateTo || !c.email || c.requestType !== 'change-email-verification') return;
        const owner = await findUser(c.userId);
        if (!owner || owner.email.toLowerCase() !== c.updateTo.toLowerCase()) return;
        await db.transaction(async (tx) => {
          await tx.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
          await enqueueMail(tx, {
            kind: 'email-changed',
            to: c.email!,
            data: { name: owner.name, newEmail: owner.email, changedAt: new Date().toISOString() },
          });
        });
      }
      if (ctx.path === '/change-password') {
        const session = ctx.context.session;
        const returned = ctx.context.returned;
        if (!session || returned instanceof Error) return;
        await passwordChanged(session.user);
      }
    }),
  };
}
