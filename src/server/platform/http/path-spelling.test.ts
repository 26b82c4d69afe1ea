import { describe, expect, it } from 'vitest';
import { rawRequest, type RawRequest } from '../../../../tests/setup/raw-http.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildUser, signUp } from '../../../../tests/factories/users.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/**
 * Every spelling of a path a client can put on the wire, sent over a plain socket (`fetch`
 * and `inject` would tidy them first). Each must reach the same guards as the plain path.
 */
const SPELLINGS: Record<string, (path: string) => string> = {
  '/./': (p) => insertBeforeLast(p, './'),
  '%2e/': (p) => insertBeforeLast(p, '%2e/'),
  'x/../': (p) => insertBeforeLast(p, 'x/../'),
  'encoded letter': (p) => p.replace(/([a-z])$/, (c) => `%${c.charCodeAt(0).toString(16)}`),
  'trailing #': (p) => `${p}#`,
  'trailing #x': (p) => `${p}#x`,
  'absolute-form': (p) => `${TEST_BASE_URL}${p}`,
  'absolute-form, other host': (p) => `http://evil.example${p}`,
};
const PLAIN_AFTER_REWRITE = new Set(['absolute-form', 'absolute-form, other host']);

function insertBeforeLast(path: string, insert: string): string {
  const at = path.lastIndexOf('/') + 1;
  return path.slice(0, at) + insert + path.slice(at);
}

describe('path spellings against every guard', () => {
  const t = useTestApp({ RATE_LIMITS: 'on' }, { listen: true });
  let address = 0;
  /** A loopback address nobody has used yet in this file, so per-address limits start at 0. */
  const fresh = () => {
    address++;
    return `127.${10 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`;
  };
  /** A JSON request from our own origin; a header set to `null` is left out. */
  const send = (
    request: Omit<RawRequest, 'headers'> & { headers?: Record<string, string | null> },
  ) => {
    const headers: Record<string, string> = {};
    const merged = {
      'content-type': 'application/json',
      origin: TEST_BASE_URL,
      ...request.headers,
    };
    for (const [k, v] of Object.entries(merged)) if (v !== null) headers[k] = v;
    return rawRequest(Number(new URL(t.url).port), { ...request, headers });
  };
  const signIn = (target: string, email: string, password: string, from: string) =>
    send({ method: 'POST', target, body: JSON.stringify({ email, password }), from });

  it('refuses a path that is not in its plain form with 400 JSON before anything runs', async () => {
    for (const [name, spell] of Object.entries(SPELLINGS)) {
      if (PLAIN_AFTER_REWRITE.has(name)) continue;
      const res = await send({ method: 'GET', target: spell('/api/health'), from: fresh() });
      expect(res.status, name).toBe(400);
      expect(JSON.parse(res.body), name).toMatchObject({
        code: 'NON_CANONICAL_PATH',
        message: expect.stringMatching(/plain path/),
      });
    }
    const absolute = await send({
      method: 'GET',
      target: SPELLINGS['absolute-form']!('/api/health'),
    });
    expect(absolute.status).toBe(200);
  });

  /** Whether an answer came from better-auth itself (not a refusal in front of it). */
  const reachedAccounts = (res: { status: number; body: string }) =>
    res.status !== 429 && !res.body.includes('NON_CANONICAL_PATH');

  it.each(Object.keys(SPELLINGS))(
    'per-address sign-in limit holds with %s, and the right password is not let through',
    async (name) => {
      const victim = await signUp(t.app, {}, fresh());
      const spelled = SPELLINGS[name]!('/api/auth/sign-in/email');
      // Sign-up attempts count towards the same per-address limit (and fail fast here).
      const from = fresh();
      for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
        const res = await send({
          method: 'POST',
          target: '/api/auth/sign-up/email',
          body: JSON.stringify({ ...buildUser(), name: '' }),
          from,
        });
        expect(res.status).toBe(400);
      }
      const right = await signIn(spelled, victim.email, victim.password, from);
      expect([400, 429], `${name}: ${right.status} ${right.body}`).toContain(right.status);
      // The spelling counts too: from a new address, no more than the limit get through.
      const other = fresh();
      const answers = [];
      for (let i = 0; i <= RATE_LIMITS.authPerIp; i++)
        answers.push(await signIn(spelled, `not-an-e-mail-${i}`, 'wrong-one', other));
      expect(answers.filter(reachedAccounts).length, name).toBeLessThanOrEqual(
        RATE_LIMITS.authPerIp,
      );
      expect(reachedAccounts(answers.at(-1)!), name).toBe(false);
    },
  );

  it.each(Object.keys(SPELLINGS))('per-e-mail sign-in limit holds with %s', async (name) => {
    const victim = await signUp(t.app, {}, fresh());
    const spelled = SPELLINGS[name]!('/api/auth/sign-in/email');
    const from = fresh();
    const limit = RATE_LIMITS.failedSignInsPerAddressAndEmail;
    const answers: number[] = [];
    for (let i = 0; i < limit + 3; i++)
      answers.push((await signIn(spelled, victim.email, `wrong-${i}`, from)).status);
    expect(answers.filter((s) => s === 401).length, name).toBeLessThanOrEqual(limit);
    const right = await signIn(spelled, victim.email, victim.password, from);
    expect(right.status, name).not.toBe(200);
  });

  it.each(Object.keys(SPELLINGS))(
    'sign-up and update-user bodies are checked with %s',
    async (name) => {
      const user = await signUp(t.app, {}, fresh());
      const bad = [{ name: '' }, { name: 'x'.repeat(60_000) }, { image: 'javascript:alert(1)' }];
      for (const fields of bad) {
        const signUpRes = await send({
          method: 'POST',
          target: SPELLINGS[name]!('/api/auth/sign-up/email'),
          body: JSON.stringify({ ...buildUser(), ...fields }),
          from: fresh(),
        });
        expect(signUpRes.status, `${name} sign-up ${JSON.stringify(fields).slice(0, 40)}`).toBe(
          400,
        );
        const update = await send({
          method: 'POST',
          target: SPELLINGS[name]!('/api/auth/update-user'),
          headers: { cookie: user.cookie },
          body: JSON.stringify(fields),
          from: fresh(),
        });
        expect(update.status, `${name} update-user`).toBe(400);
      }
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: user.cookie },
      });
      expect(me.json().user).toMatchObject({ name: user.name, image: null });
    },
  );

  it.each(Object.keys(SPELLINGS))('per-user write limit holds with %s', async (name) => {
    const user = await signUp(t.app, {}, fresh());
    const target = SPELLINGS[name]!('/api/tasks');
    const answers: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.writesPerUser; i++) {
      const res = await send({
        method: 'POST',
        target,
        headers: { cookie: user.cookie },
        body: JSON.stringify(buildTask()),
        from: fresh(),
      });
      answers.push(res.status);
    }
    expect(answers.filter((s) => s === 201).length, name).toBeLessThanOrEqual(
      RATE_LIMITS.writesPerUser,
    );
    expect([400, 429], name).toContain(answers.at(-1));
  });

  it.each(Object.keys(SPELLINGS))('cross-site and JSON-only guards hold with %s', async (name) => {
    const user = await signUp(t.app, {}, fresh());
    const target = SPELLINGS[name]!('/api/tasks');
    const crossSite = await send({
      method: 'POST',
      target,
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      body: JSON.stringify(buildTask()),
      from: fresh(),
    });
    expect([400, 403], `${name} cross-site: ${crossSite.body}`).toContain(crossSite.status);
    const noOrigin = await send({
      method: 'POST',
      target,
      headers: { cookie: user.cookie, origin: null, 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(buildTask()),
      from: fresh(),
    });
    expect([400, 403], `${name} sec-fetch-site`).toContain(noOrigin.status);
    const form = await send({
      method: 'POST',
      target: SPELLINGS[name]!('/api/auth/sign-in/email'),
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: user.email, password: user.password }),
      from: fresh(),
    });
    expect([400, 415], `${name} text/plain`).toContain(form.status);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?email=${encodeURIComponent(user.email)}`,
      headers: { cookie: user.cookie },
    });
    expect(mine.headers['x-total-count'], `${name}: nothing was created`).toBe('0');
  });
});
