import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import {
  cookieFrom,
  jsonHeaders,
  requestsFor,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile Safari';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36';

interface ListedSession {
  id: string;
  token: string;
  userAgent: string | null;
  updatedAt: string;
}

describe('change password and active sessions', () => {
  const t = useMailTestApp();

  const { post, get } = requestsFor(t);
  /** Signs in from another device: its own session cookie. */
  async function signIn(user: TestUser, password = user.password, userAgent = LAPTOP) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...jsonHeaders(), 'user-agent': userAgent },
      payload: { email: user.email, password },
    });
    return { status: res.statusCode, cookie: cookieFrom(res.headers['set-cookie']) };
  }
  /** Whether a cookie still opens a route that needs a session. */
  const works = async (cookie: string) => (await get('/api/account', cookie)).statusCode;

  it('changing the password needs the current one, mails "Your password was changed" and ends the other sessions', async () => {
    const user = await signUpVerified(t.app);
    const phone = await signIn(user, user.password, PHONE);
    const changePassword = (payload: object, cookie = user.cookie) =>
      post('/api/auth/change-password', payload, cookie);

    const wrong = await changePassword({ currentPassword: 'not-it', newPassword: 'new-secret-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const short = await changePassword({ currentPassword: user.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([expect.objectContaining({ path: 'newPassword' })]);
    // Asking to keep the other sessions changes nothing: they end anyway.
    const res = await changePassword({
      currentPassword: user.password,
      newPassword: 'a-brand-new-secret',
      revokeOtherSessions: false,
    });
    expect(res.statusCode).toBe(200);

    // This browser carries on with a new session; every other one is over.
    const fresh = cookieFrom(res.headers['set-cookie']);
    expect(await works(fresh)).toBe(200);
    expect(await works(phone.cookie)).toBe(401);
    expect(await works(user.cookie)).toBe(401);
    expect((await signIn(user)).status).toBe(401);
    expect((await signIn(user, 'a-brand-new-secret')).status).toBe(200);

    const [mail] = (await t.smtp.waitFor(user.email, 2)).filter(
      (m) => m.subject === 'Your password was changed',
    );
    expect(mail?.text).toContain('password');
    expect(mail?.html).toContain('password');
    // The refused attempts sent nothing.
    await t.app.mail.drain();
    expect(t.smtp.to(user.email).map((m) => m.subject)).toEqual([
      'Verify your e-mail',
      'Your password was changed',
    ]);
    const signedOut = { currentPassword: 'a-brand-new-secret', newPassword: 'another-secret' };
    expect((await post('/api/auth/change-password', signedOut)).statusCode).toBe(401);
  });

  it('lists my sessions with their browsers; signs out one, then all the others', async () => {
    const user = await signUp(t.app);
    const phone = await signIn(user, user.password, PHONE);
    const laptop = await signIn(user, user.password, LAPTOP);
    const stranger = await signUp(t.app);

    const listed = await get('/api/auth/list-sessions', user.cookie);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<ListedSession[]>();
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.userAgent)).toEqual(expect.arrayContaining([PHONE, LAPTOP]));
    const phoneSession = sessions.find((s) => s.userAgent === PHONE)!;
    expect(new Date(phoneSession.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Another person's list shows none of mine.
    const theirs = (await get('/api/auth/list-sessions', stranger.cookie)).json<ListedSession[]>();
    expect(theirs.map((s) => s.id)).not.toContain(phoneSession.id);

    // A stranger cannot sign my phone out with its token.
    await post('/api/auth/revoke-session', { token: phoneSession.token }, stranger.cookie);
    expect(await works(phone.cookie)).toBe(200);

    const one = await post('/api/auth/revoke-session', { token: phoneSession.token }, user.cookie);
    expect(one.statusCode).toBe(200);
    expect(await works(phone.cookie)).toBe(401);
    expect(await works(laptop.cookie)).toBe(200);
    expect(await works(user.cookie)).toBe(200);

    const others = await post('/api/auth/revoke-other-sessions', {}, user.cookie);
    expect(others.statusCode).toBe(200);
    expect(await works(laptop.cookie)).toBe(401);
    expect(await works(user.cookie)).toBe(200);
    expect(await works(stranger.cookie)).toBe(200);
    const left = (await get('/api/auth/list-sessions', user.cookie)).json<ListedSession[]>();
    expect(left).toHaveLength(1);
  });

  it('tells whether the account has a password', async () => {
    const user = await signUp(t.app);
    const res = await get('/api/account', user.cookie);
    expect(res.json()).toEqual({ hasPassword: true });
    expect((await get('/api/account')).statusCode).toBe(401);
  });
});
