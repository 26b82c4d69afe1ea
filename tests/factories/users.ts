import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user as userTable } from '../../src/server/platform/db/schema.ts';
import { TEST_BASE_URL } from '../setup/test-app.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header that carries this user's session. */
  cookie: string;
}

/** Headers a browser on our own origin sends with a JSON request. */
export function jsonHeaders(cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: TEST_BASE_URL,
    ...(cookie ? { cookie } : {}),
  };
}

/** The `name=value` pairs of every Set-Cookie header of a response, as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export function buildUser(overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `User ${tag}`,
    email: `user-${tag}@example.com`,
    password: 'correct-horse-battery',
    ...overrides,
  };
}

/**
 * Signs a new user up, then in, through the real endpoints (a sign-up signs nobody in), and
 * returns the browser's cookies: the session's and the one that marks where it signed up.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {},
  /** Where the sign-up comes from (where rate limits are on, each address gets a few). */
  remoteAddress?: string,
): Promise<TestUser> {
  const input = buildUser(overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: jsonHeaders(),
    payload: input,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(),
    payload: { email: input.email, password: input.password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (signedIn.statusCode !== 200)
    throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  const body = signedIn.json<{ user: { id: string } }>();
  const cookie = [cookieFrom(res.headers['set-cookie']), cookieFrom(signedIn.headers['set-cookie'])]
    .filter(Boolean)
    .join('; ');
  return { ...input, id: body.user.id, cookie };
}

/** Marks each user's address verified, as following the link of the verification mail does. */
export async function markVerified(app: FastifyInstance, ...users: Pick<TestUser, 'id'>[]) {
  for (const u of users)
    await app.database.db
      .update(userTable)
      .set({ emailVerified: true })
      .where(eq(userTable.id, u.id));
}

/** `signUp`, then the address verified: someone TaskBid may send notification mail to. */
export async function signUpVerified(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {},
): Promise<TestUser> {
  const created = await signUp(app, overrides);
  await markVerified(app, created);
  return created;
}

/**
 * A sign-in with a wrong password from `remoteAddress` (for an address nobody has unless
 * `email` is given): what rate limits and lock-outs count.
 */
export function failedSignIn(
  app: FastifyInstance,
  remoteAddress: string,
  options: { email?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...jsonHeaders(), ...options.headers },
    remoteAddress,
    payload: {
      email: options.email ?? `nobody-${randomUUID()}@example.com`,
      password: 'wrong-password',
    },
  });
}

/** A JSON POST from our origin and a GET, each with an optional session cookie, on a suite's app. */
export function requestsFor(t: { readonly app: FastifyInstance }) {
  return {
    post: (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload }),
    get: (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }),
  };
}

/** `apiCall` bound to a test app's handle: `const call = callerFor(t)`. */
export const callerFor =
  (t: { readonly app: FastifyInstance }) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    user?: Pick<TestUser, 'cookie'>,
    payload?: object,
  ) =>
    apiCall(t.app, method, url, user, payload);

/** A request as our web app sends it: our Origin, the user's cookie, JSON only with a body. */
export function apiCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user?: Pick<TestUser, 'cookie'>,
  payload?: object,
) {
  const headers = payload
    ? jsonHeaders(user?.cookie)
    : { origin: TEST_BASE_URL, ...(user ? { cookie: user.cookie } : {}) };
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
