import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../db/schema.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildUser, cookieFrom, jsonHeaders, signUp } from '../../../../tests/factories/users.ts';

describe('accounts: e-mail and password', () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });
  const session = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: cookie ? { cookie } : {},
    });

  it('signs up with name, e-mail, password and photo URL; signing in starts a session', async () => {
    const input = buildUser({ name: 'Ada Lovelace' });
    const res = await post('/api/auth/sign-up/email', {
      ...input,
      image: 'https://example.com/ada.png',
    });
    expect(res.statusCode).toBe(200);
    // The sign-up signs nobody in (it answers alike for a taken address: sign-up.test.ts).
    expect(cookieFrom(res.headers['set-cookie'])).not.toContain('session_token');
    const signedIn = await post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    const setCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []);
    const sessionCookie = setCookie.find((c) => c.startsWith('better-auth.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);

    const me = await session(cookieFrom(signedIn.headers['set-cookie']));
    expect(me.json().user).toMatchObject({
      name: 'Ada Lovelace',
      email: input.email,
      image: 'https://example.com/ada.png',
    });
  });

  it('enforces a password of 8 to 128 characters that is hard to guess', async () => {
    const long = 'lantern-orbit-pebble-91 '.repeat(6);
    for (const [password, code] of [
      ['lantern', 'VALIDATION_FAILED'],
      ['12345678', 'WEAK_PASSWORD'],
      ['correct-horse-battery', null],
      [long.slice(0, 128), null],
      [long.slice(0, 129), 'VALIDATION_FAILED'],
    ] as const) {
      const res = await post('/api/auth/sign-up/email', buildUser({ password }));
      expect(res.statusCode, `password of ${password.length}`).toBe(code ? 400 : 200);
      if (code) expect(res.json()).toMatchObject({ code });
    }
  });

  it('rejects a photo URL that is not http(s) with the field named', async () => {
    const res = await post('/api/auth/sign-up/email', {
      ...buildUser(),
      image: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'image' })]);
  });

  it('signs in with the right password only', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');

    const right = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(right.statusCode).toBe(200);
    const me = await session(cookieFrom(right.headers['set-cookie']));
    expect(me.json().user.email).toBe(user.email);
  });

  it('stores the password only as a salted scrypt hash', async () => {
    const user = await signUp(t.app, { password: 'plain-text-never-stored' });
    const rows = await t.app.database.db
      .select({ password: account.password, providerId: account.providerId })
      .from(account)
      .where(eq(account.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.providerId).toBe('credential');
    // salt:key, both hex: a 16-byte salt and a 64-byte scrypt key.
    expect(rows[0]?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(rows[0]?.password).not.toContain('plain-text-never-stored');
  });

  it('updates the display name and photo URL', async () => {
    const user = await signUp(t.app);
    const res = await post(
      '/api/auth/update-user',
      { name: 'New Name', image: 'https://example.com/me.jpg' },
      user.cookie,
    );
    expect(res.statusCode).toBe(200);
    const me = await session(user.cookie);
    expect(me.json().user).toMatchObject({ name: 'New Name', image: 'https://example.com/me.jpg' });

    const blank = await post('/api/auth/update-user', { name: '   ' }, user.cookie);
    expect(blank.statusCode).toBe(400);
    expect((await session(user.cookie)).json().user.name).toBe('New Name');
  });

  it('signs out on the server: the old cookie no longer opens a session', async () => {
    const user = await signUp(t.app);
    const out = await post('/api/auth/sign-out', {}, user.cookie);
    expect(out.statusCode).toBe(200);
    const me = await session(user.cookie);
    expect(me.json()).toBeNull();
  });

  it('answers 401 JSON on a protected route when signed out', async () => {
    const res = await post('/api/auth/update-user', { name: 'Nobody' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('says Google sign-in is off when it is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ googleEnabled: false });
    const start = await t.app.inject({ method: 'GET', url: '/api/oauth/google/start' });
    expect(start.statusCode).toBe(404);
  });

  const endpoints = [
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/sign-out',
    '/api/auth/update-user',
    '/api/auth/sign-in/social',
  ];
  const malformed: [string, string, string][] = [
    ['invalid JSON', 'application/json', '{"email": '],
    ['an empty body', 'application/json', ''],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['null', 'application/json', 'null'],
    ['wrong types', 'application/json', '{"email":42,"password":{"a":1},"name":[],"provider":7}'],
    ['form data', 'application/x-www-form-urlencoded', 'email=a&password=b'],
    ['plain text', 'text/plain', 'hello'],
  ];
  for (const url of endpoints) {
    it(`answers malformed bodies to ${url} with 4xx JSON, never 500`, async () => {
      const user = await signUp(t.app);
      for (const [what, contentType, body] of malformed) {
        // Signing out reads no fields: an empty body or any JSON object is well-formed there.
        if (url === '/api/auth/sign-out' && (body === '' || body.startsWith('{"'))) continue;
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': contentType, origin: TEST_BASE_URL, cookie: user.cookie },
          payload: body,
        });
        expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        expect(res.json(), what).toHaveProperty('message');
      }
    });
  }

  it("better-auth's error page is ours: the code goes to the sign-in page as text, never into HTML", async () => {
    const hostile = '"><img src=x onerror=alert(1)>';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/error?error=${encodeURIComponent(hostile)}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
    expect(res.body).not.toContain('<img');
    const location = new URL(res.headers.location as string, TEST_BASE_URL);
    expect(location.origin + location.pathname).toBe(`${TEST_BASE_URL}/login`);
    expect(location.searchParams.get('error')).toBe(hostile);
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/error' });
    expect(plain.headers.location).toBe('/login?error=internal_server_error');
  });
});
