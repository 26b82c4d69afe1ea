import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../http/errors.ts';
import type { AuthMode } from './route-auth.ts';
import { STOP_VIEWING_PATH } from './viewing-as.ts';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailOnlySchema,
  newPasswordSchema,
  signUpSchema,
  updateProfileSchema,
} from '../../../shared/users/schema.ts';

export const AUTH_PREFIX = '/api/auth';

/** What a rate limit needs to know about an accounts endpoint. */
export type AuthAttempt = 'sign-in' | 'sign-up' | 'mail';

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** The path after /api/auth, exactly (`:param` matches one segment). */
  path: string;
  /** Checked with our own schema before better-auth sees it (unknown keys are dropped). */
  body?: z.ZodType;
  attempt?: AuthAttempt;
  /** Checks the caller's current password: limited per user too (rate-limits.ts). */
  checksPassword?: true;
  /** Answers about an address: never sooner than the floor, so timing tells nothing. */
  answerFloorMs?: number;
  /** Whether it needs a session (better-auth checks it): the API document's `security`. */
  auth: Exclude<AuthMode, 'delegated'>;
  /** For the API document, where better-auth's own description is missing. */
  summary?: string;
}

/** How long an answer about an address takes at least (a queued mail costs a write). */
const ADDRESS_ANSWER_FLOOR_MS = 300;

/**
 * The better-auth endpoints the web app uses, and the only ones reachable over HTTP. The
 * rest (verify-password, account and token endpoints, password reset without mail …) are
 * for the server's own calls or are unused, and answer 404.
 */
export const AUTH_ENDPOINTS: readonly AuthEndpoint[] = [
  { method: 'GET', path: '/get-session', auth: 'optional' },
  { method: 'POST', path: '/sign-in/email', attempt: 'sign-in', auth: 'public' },
  {
    method: 'POST',
    path: '/sign-up/email',
    body: signUpSchema,
    attempt: 'sign-up',
    answerFloorMs: ADDRESS_ANSWER_FLOOR_MS,
    auth: 'public',
  },
  { method: 'POST', path: '/sign-out', auth: 'optional' },
  { method: 'POST', path: '/update-user', body: updateProfileSchema, auth: 'user' },
  { method: 'GET', path: '/list-sessions', auth: 'user' },
  { method: 'POST', path: '/revoke-session', auth: 'user' },
  { method: 'POST', path: '/revoke-sessions', auth: 'user' },
  { method: 'POST', path: '/revoke-other-sessions', auth: 'user' },
  // An admin's read-only view of someone's account ends here (it starts at the console's
  // /api/admin/people/:id/view-as, which writes the audit log).
  {
    method: 'POST',
    path: STOP_VIEWING_PATH,
    auth: 'user',
    summary: "End an admin's read-only view of a person's account; back to the admin's own session",
  },
  // Verification: the link from the mail, and "Resend e-mail".
  { method: 'GET', path: '/verify-email', auth: 'public' },
  {
    method: 'POST',
    path: '/send-verification-email',
    body: emailOnlySchema,
    attempt: 'mail',
    answerFloorMs: ADDRESS_ANSWER_FLOOR_MS,
    auth: 'public',
  },
  // Password reset: ask for a link, follow it (checked, then on to the page), set the password.
  {
    method: 'POST',
    path: '/request-password-reset',
    body: emailOnlySchema,
    attempt: 'mail',
    answerFloorMs: ADDRESS_ANSWER_FLOOR_MS,
    auth: 'public',
  },
  { method: 'GET', path: '/reset-password/:token', auth: 'public' },
  { method: 'POST', path: '/reset-password', body: newPasswordSchema, auth: 'public' },
  // Change of password: the current one is checked; every other session ends.
  {
    method: 'POST',
    path: '/change-password',
    body: changePasswordSchema,
    attempt: 'sign-in',
    checksPassword: true,
    auth: 'user',
    summary: 'Change the password (the current one is required); every other session ends',
  },
  // Change of address: the current password, then confirmed from the new address (the link
  // is /verify-email).
  {
    method: 'POST',
    path: '/change-email',
    body: changeEmailSchema,
    attempt: 'mail',
    checksPassword: true,
    answerFloorMs: ADDRESS_ANSWER_FLOOR_MS,
    auth: 'user',
    summary:
      'Change the e-mail address (the current password is required): a confirmation link goes to the new address',
  },
  // Google comes back here after sign-in; the error page is where it goes if not (ours: a
  // redirect to the sign-in page, which shows the code as text, see routes.ts).
  {
    method: 'GET',
    path: '/callback/:provider',
    auth: 'public',
    summary: 'Where the identity provider returns after sign-in; redirects into the app',
  },
  {
    method: 'GET',
    path: '/error',
    auth: 'public',
    summary: 'Where a failed sign-in lands: redirects to the sign-in page with the error code',
  },
];

export interface AuthTarget {
  /** The URL handed to better-auth. */
  url: URL;
  /** The endpoint it names, if it is one the app exposes. */
  endpoint: AuthEndpoint | undefined;
}

const resolved = new WeakMap<FastifyRequest, AuthTarget>();

/**
 * The accounts request behind an /api/auth request, worked out once: the same URL goes to
 * better-auth and to every check (body schema, rate limit), so no spelling of a path can
 * reach one and miss the other.
 */
export function authTarget(request: FastifyRequest): AuthTarget {
  const known = resolved.get(request);
  if (known) return known;
  const url = new URL(request.url, request.server.config.baseUrl);
  const path = url.pathname.startsWith(`${AUTH_PREFIX}/`)
    ? url.pathname.slice(AUTH_PREFIX.length)
    : '';
  const endpoint = AUTH_ENDPOINTS.find((e) => e.method === request.method && matches(e.path, path));
  const target = { url, endpoint };
  resolved.set(request, target);
  return target;
}

const bodies = new WeakMap<FastifyRequest, { json: unknown }>();

/**
 * The JSON body of an accounts request (undefined when there is none), parsed once: read
 * as fetch's `text()` reads it (a leading byte order mark dropped), it is what every check
 * (rate limits, body schema) sees and, written out again, what better-auth gets. Not JSON:
 * 400 `INVALID_JSON`.
 */
export function authBody(request: FastifyRequest): unknown {
  const known = bodies.get(request);
  if (known) return known.json;
  const raw = request.body instanceof Buffer && request.body.length > 0 ? request.body : null;
  let json: unknown;
  try {
    json = raw ? JSON.parse(new TextDecoder().decode(raw)) : undefined;
  } catch {
    throw badRequest('The request body is not valid JSON.', 'INVALID_JSON');
  }
  bodies.set(request, { json });
  return json;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) =>
      part.startsWith(':') ? /^[\w-]+$/.test(have[i] ?? '') : part === have[i],
    )
  );
}
