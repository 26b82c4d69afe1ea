import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { openAPI } from 'better-auth/plugins/open-api';
import { AUTH_ERRORS } from '../../../shared/auth-errors.ts';
import { ACCOUNT_LIMITS } from '../../../shared/limits.ts';
import {
  RESET_PASSWORD_EXPIRES_IN_SECONDS,
  SESSION_DAYS,
  VERIFY_EMAIL_EXPIRES_IN_SECONDS,
} from '../../../shared/account.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import { accountMail } from './account-mail.ts';
import { ownerProof } from './owner-proof.ts';
import { passwordStrength } from './password-strength.ts';
import type { SessionCache } from './session-cache.ts';
import { verifiedOwner } from './verified-owner.ts';
import { VIEWING_AS_SECONDS } from './viewing-as.ts';

/** The accounts service: e-mail + password, and Google through OpenID Connect discovery. */
export function createAuth(config: Config, db: Db, log: FastifyBaseLogger, sessions: SessionCache) {
  const mail = accountMail(db, config.baseUrl, config.authSecret);
  return betterAuth({
    // better-auth's messages go to the server's logger, like every other line.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => log[level]({ component: 'auth', details: args }, message),
    },
    appName: 'TaskBid',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      // A sign-up answers the same for a new address and a taken one, so it signs nobody in
      // (a session would tell them apart): the link in the mail does, or a sign-in. The
      // owner of a taken address is mailed instead (decision 1210).
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) => mail.signUpAttempted(user),
      // The made-up account of that answer has the fields the admin plugin gives a new one.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      minPasswordLength: ACCOUNT_LIMITS.password.minLength,
      maxPasswordLength: ACCOUNT_LIMITS.password.maxLength,
      // A reset link works once, for an hour; using it signs every session out and the
      // person in on a new one (account-mail.ts). A Google-only account gets a password this way.
      sendResetPassword: mail.sendResetPassword,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }, request) => mail.passwordReset(user, request),
    },
    // Unverified accounts can do everything; the link verifies and signs the person in.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      sendVerificationEmail: mail.sendVerificationEmail,
    },
    // A new address is confirmed from that address before the account moves to it; asking
    // for the move needs the current password (owner-proof.ts).
    user: { changeEmail: { enabled: true } },
    hooks: { before: mail.before, after: mail.after },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    // Every instance keeps the sessions it read for a few seconds (session-cache.ts): a
    // session ending (sign-out, revoke, password change or reset) or a user's name, e-mail or
    // picture changing is announced to all of them.
    databaseHooks: {
      session: { delete: { after: (ended) => sessions.changed(db, ended.userId) } },
      user: {
        update: { after: (changed) => sessions.changed(db, changed.id) },
        delete: { after: (deleted) => sessions.changed(db, deleted.id) },
      },
    },
    // An unexpected failure reaches our error handler (one log line, no query values, 503 when
    // the database is down) instead of better-call's console.error of the whole error.
    onAPIError: { throw: true },
    // Requests are limited by the server's own rate limiter, which knows the client's address.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      // Describes the endpoints for our API document (openapi/accounts.ts); its own reference
      // page is off, and neither of its endpoints is on the allowlist (endpoints.ts).
      openAPI({ disableDefaultReference: true }),
      // Weak passwords are refused at sign-up, reset and change; a change ends other sessions.
      passwordStrength(),
      // A change of address needs the current password (or a fresh Google sign-in).
      ownerProof(),
      // Verifying a sign-up from elsewhere ends the access of whoever created the account.
      verifiedOwner(db, sessions),
      // The operator role on every account, and bans: a banned account cannot sign in until
      // its ban expires (a suspension) or ever. Its endpoints are not reachable over HTTP
      // (endpoints.ts): operators act through our own routes, which write the audit log in
      // the action's transaction.
      admin({
        bannedUserMessage: AUTH_ERRORS['account-suspended'],
        impersonationSessionDuration: VIEWING_AS_SECONDS,
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
