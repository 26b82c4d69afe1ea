import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkIn, useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import {
  requestsFor,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { account, session } from '../db/schema.ts';

describe('change of e-mail address', () => {
  const t = useMailTestApp();

  const { post, get } = requestsFor(t);
  const changeEmail = (newEmail: string, who: Pick<TestUser, 'cookie' | 'password'>) =>
    post(
      '/api/auth/change-email',
      { newEmail, currentPassword: who.password, callbackURL: 'https://evil.example/' },
      who.cookie,
    );
  /** Moves the start of every session of a user back by `minutes`. */
  const ageSessions = (userId: string, minutes: number) =>
    t.app.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(session.userId, userId));

  it('is confirmed from the new address; the old one is told; sign-in moves to the new one', async () => {
    const user = await signUpVerified(t.app);
    const newEmail = `moved-${user.email}`;
    expect((await changeEmail(newEmail, user)).json()).toEqual({ status: true });

    const [confirm] = await t.smtp.waitFor(newEmail);
    expect(confirm!.subject).toBe('Confirm your new e-mail address');
    // Until confirmed, nothing changes.
    expect((await get('/api/auth/get-session', user.cookie)).json().user.email).toBe(user.email);

    const link = linkIn(confirm, '/api/auth/verify-email?token=');
    expect(link).toMatch(/&callbackURL=%2Femail-verified$/);
    const res = await get(link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/email-verified');

    const me = (await get('/api/auth/get-session', user.cookie)).json().user;
    expect(me).toMatchObject({ email: newEmail, emailVerified: true });
    const told = (await t.smtp.waitFor(user.email, 2)).find(
      (m) => m.subject === 'Your TaskBid e-mail address was changed',
    );
    expect(told?.text).toContain(newEmail);

    const signIn = (email: string) =>
      post('/api/auth/sign-in/email', { email, password: user.password });
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);

    const again = await get(link);
    expect(again.headers.location).toBe('/email-verified?error=TOKEN_USED');
    await t.app.mail.drain();
    expect(t.smtp.to(user.email)).toHaveLength(2);
  });

  it('answers the same whether the new address is free or taken, and mails only a free one', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const free = await changeEmail(`free-${user.email}`, user);
    const taken = await changeEmail(other.email, user);
    expect({ status: taken.statusCode, body: taken.body }).toEqual({
      status: free.statusCode,
      body: free.body,
    });
    await t.smtp.waitFor(`free-${user.email}`);
    await t.app.mail.drain();
    expect(t.smtp.to(other.email).map((m) => m.subject)).toEqual(['Verify your e-mail']);
  });

  it('needs a session and a valid address', async () => {
    const user = await signUp(t.app);
    expect((await post('/api/auth/change-email', { newEmail: 'x@example.com' })).statusCode).toBe(
      401,
    );
    expect((await changeEmail('not-an-address', user)).statusCode).toBe(400);
  });

  it('needs the current password, however the session came about', async () => {
    const user = await signUp(t.app);
    // A session two days old: too old to list the sessions …
    await ageSessions(user.id, 2 * 24 * 60);
    const listed = await get('/api/auth/list-sessions', user.cookie);
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    // … and too weak to move the account to another address.
    const taker = `taker-${user.email}`;
    const bare = await post('/api/auth/change-email', { newEmail: taker }, user.cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      issues: [expect.objectContaining({ path: 'currentPassword' })],
    });
    const wrong = await changeEmail(taker, { cookie: user.cookie, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    expect((await changeEmail(taker, user)).statusCode).toBe(200);
    await t.smtp.waitFor(taker);
    await t.app.mail.drain();
    expect(t.smtp.to(taker)).toHaveLength(1);
  });

  it('without a password (Google only), needs a sign-in in the last 10 minutes', async () => {
    const user = await signUp(t.app);
    await t.app.database.db
      .delete(account)
      .where(and(eq(account.userId, user.id), eq(account.providerId, 'credential')));
    const move = () => post('/api/auth/change-email', { newEmail: `g-${user.email}` }, user.cookie);
    await ageSessions(user.id, 11);
    const stale = await move();
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'STALE_SIGN_IN' });
    await ageSessions(user.id, 1);
    expect((await move()).statusCode).toBe(200);
  });

  it('confirming an address someone else signed up with meanwhile: 409 with a clear message, nothing changes', async () => {
    const user = await signUp(t.app);
    const newEmail = `contested-${user.email}`;
    expect((await changeEmail(newEmail, user)).statusCode).toBe(200);
    const link = linkIn((await t.smtp.waitFor(newEmail))[0], '/api/auth/verify-email?token=');
    await signUp(t.app, { email: newEmail });

    const page = await get(link);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/email-verified?error=EMAIL_TAKEN');
    const api = await get(link.replace(/&callbackURL=[^&]*/, ''));
    expect(api.statusCode).toBe(409);
    expect(api.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: expect.stringContaining('another account'),
    });
    expect((await get('/api/auth/get-session', user.cookie)).json().user.email).toBe(user.email);
  });
});
