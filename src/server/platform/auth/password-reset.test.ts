import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkIn, resetTokenFor, useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { cookieFrom, requestsFor, signUp } from '../../../../tests/factories/users.ts';
import { user as userTable, verification } from '../db/schema.ts';

const RESET_LINK = '/api/auth/reset-password/';

describe('password reset', () => {
  const t = useMailTestApp();

  const { post, get } = requestsFor(t);
  const requestReset = (email: string) =>
    post('/api/auth/request-password-reset', { email, redirectTo: 'https://evil.example/' });
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });
  const tokenFrom = (email: string, nth = 1) => resetTokenFor(t, email, nth);
  /** A new account that asked for a reset, and the token of its link (the second mail). */
  const userWithResetLink = async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    return { user, token: await tokenFrom(user.email, 2) };
  };

  it('end to end: mail, link, new password, other sessions ended, sign-in with the new one', async () => {
    const user = await signUp(t.app);
    const laptop = cookieFrom((await signIn(user.email, user.password)).headers['set-cookie']);
    expect((await requestReset(user.email)).statusCode).toBe(200);

    const token = await tokenFrom(user.email, 2);
    const [mail] = t.smtp.to(user.email).filter((m) => m.subject === 'Reset your TaskBid password');
    expect(mail!.text).toContain('expires in 1 hour');

    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'a-brand-new-secret',
    });
    expect(reset.statusCode).toBe(200);
    // The reset signs its person in on a new session.
    const fresh = cookieFrom(reset.headers['set-cookie']);
    expect((await get('/api/auth/get-session', fresh)).json()).toMatchObject({
      user: { email: user.email },
    });

    for (const cookie of [user.cookie, laptop])
      expect((await get('/api/auth/get-session', cookie)).json()).toBeNull();
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a-brand-new-secret')).statusCode).toBe(200);

    const mails = await t.smtp.waitFor(user.email, 3);
    expect(mails.map((m) => m.subject)).toContain('Your password was changed');
  });

  it('a link works once: a second use is refused, and the link then says it was used', async () => {
    const { user, token } = await userWithResetLink();
    const first = await post('/api/auth/reset-password', { token, newPassword: 'first-new-pass' });
    expect(first.statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED' });
    const link = await get(`${RESET_LINK}${token}?callbackURL=%2Freset-password`);
    expect(link.headers.location).toBe(`${TEST_BASE_URL}/reset-password?error=TOKEN_USED`);
    const elsewhere = await get(`${RESET_LINK}${token}?callbackURL=https%3A%2F%2Fevil.example%2F`);
    expect(elsewhere.headers.location).toBe(`${TEST_BASE_URL}/reset-password?error=TOKEN_USED`);
    expect((await signIn(user.email, 'first-new-pass')).statusCode).toBe(200);
  });

  it('an expired, unknown or malformed token is a 4xx, never a 500', async () => {
    const { user, token } = await userWithResetLink();
    await t.app.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`));

    for (const bad of [token, 'unknown-token', 'x'.repeat(200), '../../etc']) {
      const res = await post('/api/auth/reset-password', {
        token: bad,
        newPassword: 'whatever-it-is-now',
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const link = await get(`${RESET_LINK}${token}?callbackURL=%2Freset-password`);
    expect(link.headers.location).toBe(`${TEST_BASE_URL}/reset-password?error=TOKEN_EXPIRED`);
    const unknown = await get(`${RESET_LINK}unknown-token?callbackURL=%2Freset-password`);
    expect(unknown.headers.location).toBe(`${TEST_BASE_URL}/reset-password?error=INVALID_TOKEN`);
    expect((await post('/api/auth/reset-password', { newPassword: 'x' })).statusCode).toBe(400);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers the same for known and unknown e-mails: status, body and time', async () => {
    const known = await signUp(t.app);
    const answers = [];
    for (const email of [known.email, `nobody-${randomUUID()}@example.com`]) {
      const started = Date.now();
      const res = await requestReset(email);
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
  });

  it('a Google-only account (no password) sets one this way', async () => {
    const id = randomUUID();
    const email = `google-only-${id.slice(0, 8)}@example.com`;
    await t.app.database.db
      .insert(userTable)
      .values({ id, name: 'Gia Google', email, emailVerified: true });
    expect((await signIn(email, 'anything-at-all')).statusCode).toBe(401);

    await requestReset(email);
    const token = await tokenFrom(email);
    expect(
      (await post('/api/auth/reset-password', { token, newPassword: 'now-i-have-one' })).statusCode,
    ).toBe(200);
    expect((await signIn(email, 'now-i-have-one')).statusCode).toBe(200);
  });

  it('the new password follows the same rules as at sign-up', async () => {
    const { token } = await userWithResetLink();
    const res = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'newPassword' })]);
  });

  describe('a reset link ends with what should end it', () => {
    const reset = (token: string) =>
      post('/api/auth/reset-password', { token, newPassword: 'an-entirely-new-secret' });

    it('a change of address ends the links mailed to the old one', async () => {
      const { user, token } = await userWithResetLink();
      const newEmail = `moved-${user.email}`;
      const asked = await post(
        '/api/auth/change-email',
        { newEmail, currentPassword: user.password },
        user.cookie,
      );
      expect(asked.statusCode).toBe(200);
      const [confirm] = await t.smtp.waitFor(newEmail);
      expect((await get(linkIn(confirm, '/api/auth/verify-email?token='))).statusCode).toBe(302);

      const old = await reset(token);
      expect(old.statusCode).toBe(400);
      expect(old.headers['set-cookie']).toBeUndefined();
      expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
    });

    it('using a newer link ends the older ones', async () => {
      const { user, token: older } = await userWithResetLink();
      await requestReset(user.email);
      const newer = await tokenFrom(user.email, 3);
      expect(newer).not.toBe(older);
      expect((await reset(newer)).statusCode).toBe(200);
      expect((await reset(older)).statusCode).toBe(400);
      expect((await signIn(user.email, 'an-entirely-new-secret')).statusCode).toBe(200);
    });

    it('a change of password ends the outstanding links', async () => {
      const { user, token } = await userWithResetLink();
      const changed = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'my-own-new-passphrase' },
        user.cookie,
      );
      expect(changed.statusCode).toBe(200);
      expect((await reset(token)).statusCode).toBe(400);
      expect((await signIn(user.email, 'my-own-new-passphrase')).statusCode).toBe(200);
    });
  });
});
