import { signJWT } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { linkIn, useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { cookieFrom, jsonHeaders, requestsFor, signUp } from '../../../../tests/factories/users.ts';

describe('e-mail verification', () => {
  const t = useMailTestApp();

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) =>
    (await get('/api/auth/get-session', cookie)).json<{
      user: { emailVerified: boolean };
    } | null>();
  const resend = (email: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: jsonHeaders(cookie),
      payload: { email, callbackURL: 'https://evil.example/' },
    });

  it('sign-up sends "Verify your e-mail"; its link verifies the address and signs the person in', async () => {
    const user = await signUp(t.app);
    expect((await me(user.cookie))?.user.emailVerified).toBe(false);
    const [mail] = await t.smtp.waitFor(user.email);
    expect(mail!.subject).toBe('Verify your e-mail');
    expect(mail!.text).toContain('expires in 24 hours');

    // Followed in the browser that signed up.
    const res = await get(linkIn(mail, '/api/auth/verify-email?token='), user.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/email-verified');
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(cookie).toContain('better-auth.session_token=');
    expect((await me(cookie))?.user.emailVerified).toBe(true);
    expect((await me(user.cookie))?.user.emailVerified).toBe(true);
  });

  it('a link works once: the second click signs nobody in and says it was used', async () => {
    const user = await signUp(t.app);
    const link = linkIn((await t.smtp.waitFor(user.email))[0], '/api/auth/verify-email?token=');
    expect((await get(link)).statusCode).toBe(302);

    const again = await get(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/email-verified?error=TOKEN_USED');
    expect(cookieFrom(again.headers['set-cookie'])).not.toContain('session_token=');
    // Where the page is, is ours to say: a callbackURL elsewhere changes nothing.
    const elsewhere = await get(
      link.replace(/callbackURL=[^&]*/, 'callbackURL=https%3A%2F%2Fevil.example%2F'),
    );
    expect(elsewhere.headers.location).toBe('/email-verified?error=TOKEN_USED');

    const api = await get(link.replace(/&callbackURL=[^&]*/, ''));
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'TOKEN_USED' });
  });

  it('an expired, forged or malformed link is refused with a 4xx or a page that says so', async () => {
    const user = await signUp(t.app);
    const expired = await signJWT(
      { email: user.email, userId: user.id },
      t.app.config.authSecret,
      -60,
    );
    const forged = await signJWT({ email: user.email, userId: user.id }, 'not-our-secret-at-all');
    for (const [token, code] of [
      [expired, 'TOKEN_EXPIRED'],
      [forged, 'INVALID_TOKEN'],
      ['not-a-token', 'INVALID_TOKEN'],
      ['', 'INVALID_TOKEN'],
    ] as const) {
      const page = await get(`/api/auth/verify-email?token=${token}&callbackURL=%2Femail-verified`);
      expect(page.statusCode, token).toBe(302);
      expect(page.headers.location).toBe(`/email-verified?error=${code}`);
      const api = await get(`/api/auth/verify-email?token=${token}`);
      expect(api.statusCode, token).toBeGreaterThanOrEqual(400);
      expect(api.statusCode, token).toBeLessThan(500);
    }
    expect((await me(user.cookie))?.user.emailVerified).toBe(false);
  });

  it('"Resend e-mail" answers the same for unverified, verified and unknown addresses', async () => {
    const waiting = await signUp(t.app);
    const done = await signUp(t.app);
    await t.smtp.waitFor(waiting.email);
    const [first] = await t.smtp.waitFor(done.email);
    await get(linkIn(first, '/api/auth/verify-email?token='));

    const answers = [];
    for (const email of [waiting.email, done.email, 'nobody-here@example.com']) {
      const started = Date.now();
      const res = await resend(email);
      answers.push({ status: res.statusCode, body: res.body });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: '{"status":true}' });

    const mails = await t.smtp.waitFor(waiting.email, 2);
    // Where the link leads is the server's choice, never the request's.
    expect(linkIn(mails[1], '/api/auth/verify-email?token=')).toMatch(
      /&callbackURL=%2Femail-verified$/,
    );
    await t.app.mail.drain();
    expect(t.smtp.to(done.email)).toHaveLength(1);
    expect(t.smtp.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('signed in, "Resend e-mail" sends to my own unverified address only', async () => {
    const user = await signUp(t.app);
    await t.smtp.waitFor(user.email);
    expect((await resend(user.email, user.cookie)).statusCode).toBe(200);
    await t.smtp.waitFor(user.email, 2);
    expect((await resend('someone-else@example.com', user.cookie)).statusCode).toBe(400);
  });

  it('links point at the site', async () => {
    const user = await signUp(t.app);
    const [mail] = await t.smtp.waitFor(user.email);
    expect(mail!.links[0]).toMatch(new RegExp(`^${TEST_BASE_URL}/api/auth/verify-email\\?token=`));
  });
});

describe('e-mail verification ends the access of whoever created the account', () => {
  const t = useMailTestApp();

  const { get, post } = requestsFor(t);
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });

  it("verified from another browser: the creator's password and sessions stop working; the verifier chooses a password", async () => {
    // Someone signs up with the victim's address and a password of their own.
    const creator = await signUp(t.app, { password: 'the-creators-own-secret' });
    const [mail] = await t.smtp.waitFor(creator.email);

    // The owner of the address follows "Verify your e-mail" in their own browser.
    const res = await get(linkIn(mail, '/api/auth/verify-email?token='));
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, TEST_BASE_URL);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('verified')).toBe('1');
    const verifier = cookieFrom(res.headers['set-cookie']);
    const me = (await get('/api/auth/get-session', verifier)).json();
    expect(me.user).toMatchObject({ email: creator.email, emailVerified: true });

    // The creator is out: their session ended, their password no longer signs in.
    expect((await get('/api/auth/get-session', creator.cookie)).json()).toBeNull();
    expect((await signIn(creator.email, creator.password)).statusCode).toBe(401);
    expect((await get('/api/account', verifier)).json()).toEqual({ hasPassword: false });

    // The verifier chooses a password with the link's token.
    const token = location.searchParams.get('token')!;
    const chosen = await post('/api/auth/reset-password', {
      token,
      newPassword: 'the-owners-real-secret',
    });
    expect(chosen.statusCode).toBe(200);
    expect((await signIn(creator.email, 'the-owners-real-secret')).statusCode).toBe(200);
    expect((await signIn(creator.email, creator.password)).statusCode).toBe(401);
  });

  it('verified in the browser that signed up, or signed in to the account: nothing else changes', async () => {
    const user = await signUp(t.app);
    const [mail] = await t.smtp.waitFor(user.email);
    const res = await get(linkIn(mail, '/api/auth/verify-email?token='), user.cookie);
    expect(res.headers.location).toBe('/email-verified');
    expect((await get('/api/auth/get-session', user.cookie)).json().user.emailVerified).toBe(true);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('e-mail verification: resend is rate-limited per address and per e-mail', () => {
  const t = useMailTestApp({ RATE_LIMITS: 'on' });

  const resend = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: jsonHeaders(),
      payload: { email },
      remoteAddress,
    });

  it('allows 3 requests for one e-mail per 15 minutes from anywhere, then 429', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++)
      codes.push((await resend('limited@example.com', `10.9.0.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await resend('other@example.com', '10.9.0.9')).statusCode).toBe(200);
  });

  it('allows 10 mail requests a minute from one address, then 429 with Retry-After', async () => {
    const codes = [];
    for (let i = 1; i <= 11; i++)
      codes.push((await resend(`many-${i}@example.com`, '10.9.1.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    const last = await resend('many-last@example.com', '10.9.1.1');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});
