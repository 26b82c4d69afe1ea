import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { apiCall, cookieFrom, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { SESSION_CACHE_TTL_MS } from './session-cache.ts';

/** Whether a cookie opens a route that needs a session on `app`: 200 or 401. */
const status = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).statusCode;

/** Milliseconds until `app` refuses `cookie` (polling every 10 ms), or Infinity. */
async function refusedWithin(app: FastifyInstance, cookie: string, ms: number) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if ((await status(app, cookie)) === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Infinity;
}

/**
 * Two instances on one PostgreSQL database, sharing the deployment's secret (the `postgres`
 * Vitest project only): a session ended through B stops working on A, which had it cached.
 */
describe('sessions cached per instance: a session ended anywhere is refused everywhere', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ BETTER_AUTH_SECRET: a.config.authSecret }, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A POST through B, as the web app sends it. */
  const postToB = (url: string, cookie: string | undefined, payload: object) =>
    apiCall(b.app, 'POST', url, cookie ? { cookie } : undefined, payload);

  /** Signs in through B: another device's session cookie. */
  async function signIn(user: TestUser) {
    const { email, password } = user;
    const res = await postToB('/api/auth/sign-in/email', undefined, { email, password });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res.headers['set-cookie']);
  }

  it('a session deleted without a word is still answered from A’s memory, for the TTL at most', async () => {
    const user = await signUp(a.app);
    expect(await status(a.app, user.cookie)).toBe(200);
    // Behind every instance's back: no event says so.
    await a.app.database.db.execute(sql`delete from session where user_id = ${user.id}`);
    expect(await status(a.app, user.cookie)).toBe(200);
    expect(await refusedWithin(a.app, user.cookie, SESSION_CACHE_TTL_MS + 1000)).toBeLessThan(
      SESSION_CACHE_TTL_MS + 1000,
    );
  });

  it('signing out through B: A refuses that session within a second', async () => {
    const user = await signUp(a.app);
    const phone = await signIn(user);
    expect(await status(a.app, phone)).toBe(200);
    const out = await postToB('/api/auth/sign-out', phone, {});
    expect(out.statusCode).toBe(200);
    expect(await refusedWithin(a.app, phone, 1000)).toBeLessThan(1000);
    expect(await status(a.app, user.cookie)).toBe(200);
  });

  it('revoking the other sessions and changing the password through B: A refuses them within a second', async () => {
    const user = await signUp(a.app);
    const [laptop, phone] = [await signIn(user), await signIn(user)];
    for (const cookie of [user.cookie, laptop, phone])
      expect(await status(a.app, cookie)).toBe(200);

    const others = await postToB('/api/auth/revoke-other-sessions', phone, {});
    expect(others.statusCode).toBe(200);
    expect(await refusedWithin(a.app, laptop, 1000)).toBeLessThan(1000);
    expect(await refusedWithin(a.app, user.cookie, 1000)).toBeLessThan(1000);
    expect(await status(a.app, phone)).toBe(200);

    const tablet = await signIn(user);
    expect(await status(a.app, tablet)).toBe(200);
    const changed = await postToB('/api/auth/change-password', phone, {
      currentPassword: user.password,
      newPassword: 'another-long-secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(await refusedWithin(a.app, tablet, 1000)).toBeLessThan(1000);
    expect(await refusedWithin(a.app, phone, 1000)).toBeLessThan(1000);
  });

  it('deleting the account through B: A refuses its session within a second', async () => {
    const user = await signUp(a.app);
    expect(await status(a.app, user.cookie)).toBe(200);
    const deleted = await apiCall(b.app, 'DELETE', '/api/account', user, {
      password: user.password,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await refusedWithin(a.app, user.cookie, 1000)).toBeLessThan(1000);
  });
});
