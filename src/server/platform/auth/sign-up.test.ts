import { describe, expect, it } from 'vitest';
import { linkIn, useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { buildUser, cookieFrom, requestsFor, signUp } from '../../../../tests/factories/users.ts';

/** What an answer tells the caller: status, body without the id, and which cookies it sets. */
const visible = (res: {
  statusCode: number;
  json: () => unknown;
  headers: Record<string, unknown>;
}) => {
  const body = res.json() as { user?: Record<string, unknown> };
  const { id: _id, createdAt: _c, updatedAt: _u, email: _e, ...user } = body.user ?? {};
  const cookies = cookieFrom(res.headers['set-cookie'] as string[] | undefined)
    .split('; ')
    .map((pair) => pair.split('=')[0]);
  return { status: res.statusCode, body: { ...body, user }, cookies };
};

describe('sign-up of an address that has an account', () => {
  const t = useMailTestApp();
  const { post } = requestsFor(t);

  it('answers as for a new address, and mails the owner instead of creating anything', async () => {
    const owner = await signUp(t.app);
    const started = Date.now();
    const taken = await post(
      '/api/auth/sign-up/email',
      buildUser({ name: 'Same Name', email: owner.email, password: 'someone-elses-secret' }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const fresh = await post('/api/auth/sign-up/email', buildUser({ name: 'Same Name' }));
    expect(visible(taken)).toEqual(visible(fresh));
    expect(taken.statusCode).toBe(200);
    // Neither answer signs anyone in: the link in the mail does.
    expect(visible(fresh).cookies).not.toContain('better-auth.session_token');

    const mails = await t.smtp.waitFor(owner.email, 2);
    const notice = mails.find((m) => m.subject === 'Someone tried to sign up with your address');
    expect(notice?.text).toContain('sign in or reset your password');
    expect(linkIn(notice, '/forgot-password')).toBe('/forgot-password');
    // The owner's account is untouched: their password still signs in, the other does not.
    const signIn = (password: string) =>
      post('/api/auth/sign-in/email', { email: owner.email, password });
    expect((await signIn(owner.password)).statusCode).toBe(200);
    expect((await signIn('someone-elses-secret')).statusCode).toBe(401);
  });
});
