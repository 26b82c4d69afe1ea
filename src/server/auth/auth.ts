import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { openAPI } from 'better-auth/plugins/open-api';
import { ACCOUNT_LIMITS } from '../../shared/limits.ts';
import {
  RESET_PASSWORD_EXPIRES_IN_SECONDS,
  VERIFY_EMAIL_EXPIRES_IN_SECONDS,
} from '../../shared/account.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import { accountMail } from './account-mail.ts';
import { passwordStrength } from './password-strength.ts';
import type { SessionCache } from './session-cache.ts';

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
      autoSignIn: true,
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
    // A new address is confirmed from that address before the account moves to it.
    user: { changeEmail: { enabled: true } },
    hooks: { before: mail.before, after: mail.after },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
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
