import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_BASE_URL,
  useTestApp,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';
import { buildUser, jsonHeaders, signUp as signUpUser } from '../../../../tests/factories/users.ts';
import { PERMISSIONS_POLICY, STRIPE_SOURCES } from './security.ts';

function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>TaskBid</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'theme-init.js'), '/* theme */');
  return dir;
}

describe('security headers and static caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STATIC_DIR: builtClient() });
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the other headers on pages and API', async () => {
    for (const url of ['/', '/browse-tasks', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim(), url).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // The Google sign-in popup keeps its link to the page that opened it.
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['strict-transport-security'], 'no HSTS over http').toBeUndefined();
      // No inline styles either, and the browser features the app never uses are off.
      const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
      expect(styleSrc.trim(), url).toBe("style-src 'self'");
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      expect(String(res.headers['permissions-policy'])).toMatch(/camera=\(\).*geolocation=\(\)/);
    }
  });

  it('keeps a well-formed x-request-id from a proxy and replaces anything else', async () => {
    const sent = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } }))
        .headers['x-request-id'];
    expect(await sent('lb-7f3a.91:2')).toBe('lb-7f3a.91:2');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of ['', 'x'.repeat(129), 'a b', 'id"}{"admin":true', '<script>', 'ünïcode']) {
      expect(await sent(bad), JSON.stringify(bad)).toMatch(uuid);
    }
  });

  it('serves the app for client routes, never caching index.html, caching hashed assets for good', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/browse-tasks?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const other = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });
});

describe('the policy with PAYMENTS=stripe', () => {
  const t = useTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_csp',
    STRIPE_WEBHOOK_SECRET: 'whsec_csp',
  });

  // Without Stripe, script-src is 'self' alone (the first test of this file).
  it('lets Stripe.js, its frames and its API in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/deals/x/pay' });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    for (const [name, sources] of [
      ['script-src', STRIPE_SOURCES.script],
      ['frame-src', STRIPE_SOURCES.frame],
      ['connect-src', STRIPE_SOURCES.connect],
    ] as const) {
      expect(directive(name), name).toContain("'self'");
      for (const source of sources) expect(directive(name), name).toContain(source);
    }
  });
});

describe('https deployments', () => {
  const t = useTestApp({ BASE_URL: 'https://taskbid.example' });

  it('sends HSTS and marks the session cookie Secure', async () => {
    const send = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: 'https://taskbid.example' },
        payload,
      });
    const user = buildUser();
    expect((await send('/api/auth/sign-up/email', user)).statusCode).toBe(200);
    const res = await send('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.includes('session_token'))).toMatch(/;\s*Secure/i);
  });
});

describe('cross-site requests and request bodies', () => {
  const t = useTestApp();

  const signUp = (headers: Record<string, string>, payload: unknown = buildUser()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: payload as object,
    });

  it('refuses a state-changing request from another origin with 403 JSON, before it runs', async () => {
    const user = buildUser();
    const res = await signUp(
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      user,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', message: expect.any(String) });
    // Nothing was written: the same e-mail can still sign up from our own origin.
    expect((await signUp(jsonHeaders(), user)).statusCode).toBe(200);
  });

  it('refuses a request a browser marks as cross-site even without an Origin', async () => {
    const res = await signUp({
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts our own origin and same-origin fetches', async () => {
    expect((await signUp(jsonHeaders())).statusCode).toBe(200);
    const sameOrigin = await signUp({
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('answers a non-JSON body with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': type, origin: TEST_BASE_URL },
        payload: 'email=a@b.c&password=12345678',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toMatch(/JSON/);
    }
  });

  it('answers a body over 64 KB with 413 JSON', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/newsletter']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: jsonHeaders(),
        payload: JSON.stringify({ ...buildUser(), name: 'x'.repeat(70 * 1024) }),
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('accounts endpoints over HTTP', () => {
  const t = useTestApp();

  it('answers 404 for better-auth endpoints meant for the server only or unused by the app', async () => {
    const user = await signUpUser(t.app);
    for (const [method, path] of [
      ['POST', '/api/auth/verify-password'],
      ['GET', '/api/auth/list-accounts'],
      ['POST', '/api/auth/get-access-token'],
      ['POST', '/api/auth/refresh-token'],
      ['GET', '/api/auth/account-info'],
      ['POST', '/api/auth/unlink-account'],
      ['POST', '/api/auth/link-social'],
      ['POST', '/api/auth/sign-in/social'],
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/set-password'],
      ['POST', '/api/auth/update-session'],
      ['GET', '/api/auth/ok'],
      ['GET', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/get-session'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: jsonHeaders(user.cookie),
        ...(method === 'POST' ? { payload: { password: user.password } } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json(), path).toMatchObject({ code: 'NOT_FOUND', message: 'No such endpoint.' });
    }
    // What the app uses still works.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(session.json().user.email).toBe(user.email);
  });
});

describe('the address a person typed (loopback spellings of BASE_URL)', () => {
  const dev = useTestApp({ NODE_ENV: 'development' });
  const prod = useTestApp({ NODE_ENV: 'test' });

  const signUpFrom = (t: TestApp, origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin },
      payload: buildUser(),
    });

  it('trusts localhost, 127.0.0.1 and [::1] alike in development, through better-auth too', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const res = await signUpFrom(dev, origin);
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
    }
    expect((await signUpFrom(dev, 'http://127.0.0.1:4000')).statusCode).toBe(403);
  });

  it('refuses another origin with a message that says what to do, never a server fault', async () => {
    const res = await signUpFrom(prod, 'http://127.0.0.1:3000');
    expect(res.statusCode).toBe(403);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain('http://127.0.0.1:3000');
    expect(message).toContain(`Open ${TEST_BASE_URL}`);
    expect(message).not.toMatch(/our side|went wrong/i);
  });
});
