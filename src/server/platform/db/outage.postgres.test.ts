import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  startDatabaseProxy,
  throughProxy,
  type startTcpProxy,
} from '../../../../tests/setup/tcp-proxy.ts';
import { buildUser, cookieFrom, jsonHeaders, signUp } from '../../../../tests/factories/users.ts';

/** Runs on PostgreSQL only (the `postgres` Vitest project): PGlite has no connection to lose. */
describe('database outage', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await startDatabaseProxy(process.env.TEST_DATABASE_URL ?? '');
    t = await createTestApp({}, { routeDatabaseUrl: throughProxy(proxy) });
  });
  afterAll(async () => {
    proxy.restore();
    await t?.close();
    await proxy?.close();
  });

  const timed = async (run: () => Promise<{ statusCode: number; body: string }>) => {
    const started = Date.now();
    const res = await run();
    return { status: res.statusCode, body: res.body, ms: Date.now() - started };
  };

  it('fails fast with 503 while the database is gone, stays up, and recovers without a restart', async () => {
    const owner = await signUp(t.app);
    const accepted: string[] = [];
    const signUpOne = async () => {
      const input = buildUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: jsonHeaders(),
        payload: input,
      });
      if (res.statusCode === 200) accepted.push(input.email);
      return res;
    };
    const load = () =>
      Promise.all([
        ...Array.from({ length: 8 }, () =>
          timed(() => t.app.inject({ method: 'GET', url: '/api/ready' })),
        ),
        ...Array.from({ length: 8 }, () =>
          timed(() =>
            t.app.inject({
              method: 'GET',
              url: '/api/auth/get-session',
              headers: { cookie: owner.cookie },
            }),
          ),
        ),
        ...Array.from({ length: 4 }, () => timed(signUpOne)),
      ]);

    const before = await load();
    expect(before.every((r) => r.status === 200)).toBe(true);

    // Cut the database off while requests are running.
    const during = load();
    await new Promise((resolve) => setTimeout(resolve, 20));
    proxy.cut();
    const cutResults = [...(await during), ...(await load())];
    for (const r of cutResults) {
      expect(r.ms, 'no request hangs').toBeLessThan(2000);
      if (r.status !== 200) {
        expect(r.status, r.body).toBe(503);
        expect(JSON.parse(r.body)).toMatchObject({ message: expect.any(String) });
      }
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);

    // Bring it back: the API recovers within 5 s, no restart.
    proxy.restore();
    const restoredAt = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - restoredAt < 5000) {
      recovered = (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(true);
    const after = await load();
    expect(after.map((r) => r.status)).toEqual(after.map(() => 200));

    // Every write that was answered 2xx is really there.
    for (const email of accepted) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        payload: { email, password: buildUser().password },
      });
      expect(res.statusCode, email).toBe(200);
      expect(cookieFrom(res.headers['set-cookie'])).toContain('session_token');
    }
  });
});
