import { describe, expect, it } from 'vitest';
import { linkIn, useMailTestApp } from '../../../tests/setup/mail-test-app.ts';
import { requestsFor, signUp } from '../../../tests/factories/users.ts';

describe('change of e-mail address', () => {
  const t = useMailTestApp();

  const { post, get } = requestsFor(t);
  const changeEmail = (newEmail: string, cookie: string) =>
    post('/api/auth/change-email', { newEmail, callbackURL: 'https://evil.example/' }, cookie);

  it('is confirmed from the new address; the old one is told; sign-in moves to the new one', async () => {
    const user = await signUp(t.app);
    const newEmail = `moved-${user.email}`;
    expect((await changeEmail(newEmail, user.cookie)).json()).toEqual({ status: true });

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
    const free = await changeEmail(`free-${user.email}`, user.cookie);
    const taken = await changeEmail(other.email, user.cookie);
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
    expect((await changeEmail('not-an-address', user.cookie)).statusCode).toBe(400);
  });
});
