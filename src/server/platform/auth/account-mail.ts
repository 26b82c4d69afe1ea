import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import type { User } from 'better-auth/types';
import { ACCOUNT_PAGES } from '../../../shared/account.ts';
import type { Db } from '../db/client.ts';
import { user, verification } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { AUTH_PREFIX } from './endpoints.ts';
import { linksVoidedKey } from './end-sign-ins.ts';

/** What better-auth hands a mail callback (the name is never put in a mail). */
interface MailUser {
  id: string;
  email: string;
}

/** The claims of better-auth's e-mail verification token (a signed JWT). */
interface VerificationClaims {
  email?: string;
  updateTo?: string;
  requestType?: string;
  userId?: string;
  /** When it was issued, in seconds since the epoch. */
  iat?: number;
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
      .select({ id: user.id, email: user.email, verified: user.emailVerified })
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

  /**
   * Ends every reset link of a person still outstanding: on a change of address (the links
   * went to the old one), a change of password and every reset (an older link must not undo
   * a newer password).
   */
  const endResetLinks = (userId: string) =>
    db
      .delete(verification)
      .where(
        and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')),
      );

  /** Whether an account other than `userId` uses `email` now. */
  async function takenByAnother(email: string, userId: string) {
    const [other] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), ne(user.id, userId)));
    return other !== undefined;
  }

  /** Whether the account's e-mail links issued at `issuedAt` were voided since (end-sign-ins.ts). */
  async function voided(c: VerificationClaims): Promise<boolean> {
    const [owner] = c.userId
      ? [{ id: c.userId }]
      : c.email
        ? await db.select({ id: user.id }).from(user).where(eq(user.email, c.email))
        : [];
    if (!owner) return false;
    const [marker] = await db
      .select({ value: verification.value, expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, linksVoidedKey(owner.id)));
    if (!marker || marker.expiresAt <= new Date()) return false;
    // Seconds, as the link says: one issued in the same second counts as before.
    return (c.iat ?? 0) <= Math.floor(Date.parse(marker.value) / 1000);
  }

  /** Whose password a reset request set, for the `after` hook to sign that person in. */
  const resetBy = new WeakMap<Request, User>();

  const passwordChanged = async (to: MailUser) => {
    await enqueueMail(db, {
      kind: 'password-changed',
      to: to.email,
      data: { changedAt: new Date().toISOString() },
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
          data: { newEmail: c.updateTo, url: verifyLink(token) },
        });
        return;
      }
      await enqueueMail(db, {
        kind: 'verify-email',
        to: to.email,
        data: { email: to.email, url: verifyLink(token) },
      });
    },

    /**
     * Someone signed up with an address that has an account: its owner is told (a fixed text,
     * nothing the other person typed; how often is bounded by the sign-up limits).
     */
    async signUpAttempted(to: MailUser) {
      await enqueueMail(db, { kind: 'sign-up-attempted', to: to.email, data: {} });
    },

    async sendResetPassword({ user: to, token }: { user: MailUser; token: string }) {
      const url = `${baseUrl}${AUTH_PREFIX}/reset-password/${token}?callbackURL=${encodeURIComponent(ACCOUNT_PAGES.resetPassword)}`;
      await enqueueMail(db, { kind: 'reset-password', to: to.email, data: { url } });
    },

    /**
     * A reset set the password (every session already ended): tell the owner. The link came
     * to this address, so it is proven even on an account that never verified it.
     */
    async passwordReset(to: User, request: Request | undefined) {
      if (request) resetBy.set(request, to);
      await passwordChanged(to);
    },

    /**
     * Before better-auth verifies an address: a link whose work is done (the address is
     * already verified, or the account already moved to the new address) is refused as
     * used, so a second click signs nobody in; a new address another account took
     * meanwhile is refused with 409 `EMAIL_TAKEN` (better-auth would hit the unique key).
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
      if (await voided(c)) {
        if (ctx.query?.callbackURL !== undefined)
          throw ctx.redirect(`${ACCOUNT_PAGES.emailVerified}?error=INVALID_TOKEN`);
        throw new APIError('BAD_REQUEST', {
          message: 'This link no longer works.',
          code: 'INVALID_TOKEN',
        });
      }
      const owner = await findUser(c.userId);
      // Someone signed up with the new address after it was asked for: it stays theirs.
      if (c.updateTo && owner && (await takenByAnother(c.updateTo, owner.id))) {
        if (ctx.query?.callbackURL !== undefined)
          throw ctx.redirect(`${ACCOUNT_PAGES.emailVerified}?error=EMAIL_TAKEN`);
        throw new APIError('CONFLICT', {
          message: `This address now belongs to another account, so yours stays at ${owner.email}.`,
          code: 'EMAIL_TAKEN',
        });
      }
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
     * session (the old ones were all ended). Each of the three ends the reset links still
     * outstanding.
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
        await endResetLinks(owner.id);
        const session = await ctx.context.internalAdapter.createSession(owner.id);
        await setSessionCookie(ctx, { session, user: owner });
        return;
      }
      if (ctx.path === '/verify-email') {
        const c = await claims(ctx.query?.token);
        if (!c?.updateTo || !c.email || c.requestType !== 'change-email-verification') return;
        const owner = await findUser(c.userId);
        if (!owner || owner.email.toLowerCase() !== c.updateTo.toLowerCase()) return;
        await endResetLinks(owner.id);
        await db.transaction(async (tx) => {
          await tx.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
          // better-auth moved the account keeping its verified flag: the old address's. Only
          // a proven address is told.
          if (!owner.verified) return;
          await enqueueMail(tx, {
            kind: 'email-changed',
            to: c.email!,
            data: { newEmail: owner.email, changedAt: new Date().toISOString() },
          });
        });
      }
      if (ctx.path === '/change-password') {
        const session = ctx.context.session;
        const returned = ctx.context.returned;
        if (!session || returned instanceof Error) return;
        await endResetLinks(session.user.id);
        // Notices go to proven addresses only (the account's, before any change of address).
        if (session.user.emailVerified) await passwordChanged(session.user);
      }
    }),
  };
}
