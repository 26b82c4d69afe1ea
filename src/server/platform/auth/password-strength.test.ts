import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resetTokenFor, useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { buildUser, cookieFrom, jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { passwordWeakness } from './password-strength.ts';

/** Common, breached-list and person-made passwords, for someone called Alice Smith. */
const WEAK = ['password', '12345678', ' '.repeat(8), 'alice2024', 'alicesmith2024'];
const STRONG = 'lantern-orbit-pebble-91';

describe('weak passwords', () => {
  const t = useMailTestApp();

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });
  const alice = () => {
    const tag = randomUUID().slice(0, 8);
    return { name: 'Alice Smith', email: `alice.smith.${tag}@example.com` };
  };
  /** A weak password's refusal: 400, with the issue on the field that carried it. */
  function expectRefused(res: Awaited<ReturnType<typeof post>>, field: string, password: string) {
    expect(res.statusCode, JSON.stringify(password)).toBe(400);
    const body = res.json<{ message: string; code: string; issues: unknown[] }>();
    expect(body).toMatchObject({ code: 'WEAK_PASSWORD', message: expect.any(String) });
    expect(body.issues).toEqual([
      { path: field, message: expect.stringMatching(/^This password is too easy to guess\./) },
    ]);
  }

  it('the name and e-mail count: "alicesmith2024" is strong for a stranger only', async () => {
    expect(await passwordWeakness('alicesmith2024', {})).toBeNull();
    expect(await passwordWeakness('alicesmith2024', { email: 'alice.smith@example.com' })).toMatch(
      /your name or your e-mail address/,
    );
    expect(await passwordWeakness(buildUser().password, {})).toBeNull();
  });

  it('refuses what the form rules refuse, even where zxcvbn alone would let it through', async () => {
    // Long and varied enough for zxcvbn, but it carries the person's surname: the rule the
    // form ticks off ("Not your name or e-mail address") is the server's too.
    const withName = 'Qv7#smithers-Lq9!';
    const owner = { name: 'Jo Smithers', email: 'jo@example.com' };
    expect(await passwordWeakness(withName, {})).toBeNull();
    expect(await passwordWeakness(withName, owner)).toBe(
      'This password is too easy to guess. It contains your name or your e-mail address.',
    );
    // A common password dressed up in look-alike digits and a trailing year.
    expect(await passwordWeakness('P@ssw0rd!2031', {})).toBe(
      'This password is too easy to guess. This is a commonly used password.',
    );
    const res = await post('/api/auth/sign-up/email', {
      ...owner,
      email: `jo.${randomUUID().slice(0, 8)}@example.com`,
      password: withName,
    });
    expectRefused(res, 'password', withName);
    expect(res.json<{ message: string }>().message).toMatch(/your name or your e-mail address/);
  });

  it('sign-up refuses each weak password and accepts a strong one', async () => {
    const person = alice();
    for (const password of WEAK) {
      const res = await post('/api/auth/sign-up/email', { ...person, password });
      expectRefused(res, 'password', password);
    }
    const ok = await post('/api/auth/sign-up/email', { ...person, password: STRONG });
    expect(ok.statusCode).toBe(200);
  });

  it('password reset refuses each weak password and accepts a strong one', async () => {
    const user = await signUp(t.app, alice());
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = await resetTokenFor(t, user.email, 2);
    for (const password of WEAK) {
      const res = await post('/api/auth/reset-password', { token, newPassword: password });
      expectRefused(res, 'newPassword', password);
    }
    const ok = await post('/api/auth/reset-password', { token, newPassword: STRONG });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(user.email, STRONG)).statusCode).toBe(200);
  });

  it('change password refuses each weak password; a strong one ends every other session', async () => {
    const user = await signUp(t.app, alice());
    const laptop = cookieFrom((await signIn(user.email, user.password)).headers['set-cookie']);
    const change = (newPassword: string, extra: object = {}) =>
      post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword, ...extra },
        user.cookie,
      );

    for (const password of WEAK) expectRefused(await change(password), 'newPassword', password);

    // Even a client that asks to keep them cannot: other sessions always end.
    const ok = await change(STRONG, { revokeOtherSessions: false });
    expect(ok.statusCode).toBe(200);
    const session = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect((await session(laptop)).json()).toBeNull();
    // The session that changed it goes on (better-auth hands it a fresh cookie).
    const fresh = cookieFrom(ok.headers['set-cookie']) || user.cookie;
    expect((await session(fresh)).json()).toMatchObject({ user: { email: user.email } });

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, STRONG)).statusCode).toBe(200);
  });

  it('change password needs a session and the current password', async () => {
    const user = await signUp(t.app, alice());
    const anonymous = await post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: STRONG,
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-the-current-one', newPassword: STRONG },
      user.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
  });
});
