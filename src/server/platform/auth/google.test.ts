import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { useGoogleTestApp } from '../../../../tests/setup/google-test-app.ts';
import { freshIdentity, type OidcIdentity } from '../../../../tests/setup/oidc-provider.ts';
import { cookieFrom } from '../../../../tests/factories/users.ts';
import { DOT_SEGMENT_RETURN_PATHS } from '../../../../tests/factories/fuzz.ts';

describe('accounts: Google sign-in through OpenID Connect', () => {
  const t = useGoogleTestApp();

  /** Walks the redirect chain a browser would follow: app → provider → app callback. */
  async function signInWithGoogle(returnTo: string, identity = freshIdentity()) {
    const { authorizeUrl, callback, done } = await t.provider.signIn(t.app, returnTo, identity);
    expect(authorizeUrl.origin).toBe(t.provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(`${callback.origin}${callback.pathname}`).toBe(
      `${TEST_BASE_URL}/api/auth/callback/google`,
    );
    return done;
  }

  it('says Google sign-in is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ googleEnabled: true });
  });

  it('ends in a session for the e-mail the provider vouched for, back on the page asked for', async () => {
    const email = `g-${randomUUID().slice(0, 8)}@gmail.example`;
    const grace: OidcIdentity = { sub: randomUUID(), email, name: 'Grace Hopper' };
    const done = await signInWithGoogle('/my-tasks', grace);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/my-tasks');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieFrom(done.headers['set-cookie']) },
    });
    // Google vouches for the address: the account starts verified.
    expect(me.json().user).toMatchObject({ email, name: 'Grace Hopper', emailVerified: true });
  });

  it('sends the popup flow to the completion page', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/oauth/google/start?mode=popup' });
    const callback = await t.provider.authorize(new URL(start.headers.location as string));
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(start.headers['set-cookie']) },
    });
    expect(done.headers.location).toBe('/oauth-complete.html');
  });

  /** Where a browser lands after following `location` from our site. */
  const landing = (location: string) => new URL(location, TEST_BASE_URL);

  it.each([
    '//evil.example/steal',
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example/phish',
    '/\\evil.example/phish',
    '/\\/evil.example/phish',
    '\\\\evil.example/phish',
    'https://evil.example/phish',
    'http:evil.example',
    '/\u0000/evil.example',
    '/\u0085/evil.example',
    'evil.example',
    ...DOT_SEGMENT_RETURN_PATHS,
  ])('never lands on another site after a real sign-in: returnTo %j', async (returnTo) => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/google/start?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`,
    });
    if (start.statusCode === 400) {
      // Refused by the return-path check, or before it by the check that no text carries NUL.
      const body = start.json<{ message: string; code?: string }>();
      if (body.code !== 'INVALID_CHARACTER') {
        expect(body.message).toMatch(/path on this site/);
      }
      return;
    }
    // Had it started, the whole flow must still end on our own site.
    const done = await signInWithGoogle(returnTo);
    expect(landing(done.headers.location as string).origin).toBe(TEST_BASE_URL);
    throw new Error(`returnTo ${JSON.stringify(returnTo)} was accepted`);
  });

  it('comes back to a same-site path exactly as checked, query and fragment included', async () => {
    for (const returnTo of ['/browse-tasks?search=a%20b&page=2', '/my-tasks#top', '/tasks/x y']) {
      const done = await signInWithGoogle(returnTo);
      expect(done.statusCode, returnTo).toBe(302);
      const at = landing(done.headers.location as string);
      expect(at.origin).toBe(TEST_BASE_URL);
      expect(`${at.pathname}${at.search}${at.hash}`).toBe(
        new URL(returnTo, TEST_BASE_URL).href.slice(TEST_BASE_URL.length),
      );
    }
  });
});
