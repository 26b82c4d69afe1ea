import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  buildUser,
  failedSignIn,
  jsonHeaders,
  signUp,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { buildTask, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { RATE_LIMITS } from './rate-limits.ts';

describe('rate limits', () => {
  // New accounts' first-day limits are their own (prevention.test.ts): off here, where fresh
  // accounts write past them to reach the rate limits.
  const t = useTestApp({ RATE_LIMITS: 'on', NEW_ACCOUNT_LIMITS: 'off' });

  const signIn = (email: string, remoteAddress: string) =>
    failedSignIn(t.app, remoteAddress, { email });

  it(`allows ${RATE_LIMITS.authPerIp} sign-in attempts a minute from one address, then 429 with Retry-After`, async () => {
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
      expect((await signIn(`a${i}@example.com`, '10.0.0.1')).statusCode).toBe(401);
    }
    const refused = await signIn('another@example.com', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/Try again/),
    });
    // Another address is not affected.
    expect((await signIn('a0@example.com', '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits sign-up attempts per address too', async () => {
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: jsonHeaders(),
        remoteAddress: '10.0.1.1',
        payload: buildUser(),
      });
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) expect((await signUp()).statusCode).toBe(200);
    expect((await signUp()).statusCode).toBe(429);
  });

  it(`stops a guesser after ${RATE_LIMITS.failedSignInsPerAddressAndEmail} failed sign-ins for one e-mail, while its owner still signs in from elsewhere`, async () => {
    const victim = await signUp(t.app, {}, '10.4.0.1');
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        remoteAddress,
        payload: { email: victim.email, password },
      });
    for (let i = 0; i < RATE_LIMITS.failedSignInsPerAddressAndEmail; i++)
      expect((await attempt(`wrong-${i}`, '10.4.1.1')).statusCode).toBe(401);
    // The stranger's address is refused for this e-mail, even with the right password …
    const stopped = await attempt(victim.password, '10.4.1.1');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // … and may still try other e-mails (the per-address limit is separate).
    expect((await signIn('someone-else@example.com', '10.4.1.1')).statusCode).toBe(401);
    // The owner, from their own address, is not locked out.
    expect((await attempt(victim.password, '10.4.2.2')).statusCode).toBe(200);
    // Successful sign-ins are not failures: they never count.
    for (let i = 0; i < RATE_LIMITS.failedSignInsPerAddressAndEmail; i++)
      expect((await attempt(victim.password, '10.4.2.3')).statusCode).toBe(200);
  });

  it(`limits failed sign-ins for one e-mail from many addresses to ${RATE_LIMITS.failedSignInsPerEmail} a minute`, async () => {
    for (let i = 0; i < RATE_LIMITS.failedSignInsPerEmail; i++) {
      expect((await signIn('target@example.com', `10.1.${i >> 8}.${i & 255}`)).statusCode).toBe(
        401,
      );
    }
    expect((await signIn('Target@Example.com', '10.1.9.9')).statusCode).toBe(429);
  }, 180_000);

  it(`limits password checks (deleting the account, changing the password or the address) to ${RATE_LIMITS.authPerIp} a minute per address and ${RATE_LIMITS.passwordChecksPerUser} per user`, async () => {
    const guess = (who: TestUser, remoteAddress: string, method = 'DELETE', url = '/api/account') =>
      t.app.inject({
        method: method as 'DELETE' | 'POST',
        url,
        headers: jsonHeaders(who.cookie),
        remoteAddress,
        payload:
          method === 'DELETE'
            ? { password: 'a-guess' }
            : { currentPassword: 'a-guess', newPassword: 'a-long-new-passphrase' },
      });
    // From one address, whoever's sessions it holds.
    const users = await Promise.all([1, 2, 3].map((i) => signUp(t.app, {}, `10.5.9.${i}`)));
    const codes = [];
    for (let i = 0; i <= RATE_LIMITS.authPerIp; i++)
      codes.push((await guess(users[i % 3]!, '10.5.0.1')).statusCode);
    expect(codes).toEqual([...Array(RATE_LIMITS.authPerIp).fill(400), 429]);
    // One session, from ever-changing addresses, across the endpoints that check a password.
    const held = await signUp(t.app, {}, '10.5.9.9');
    const perUser = [];
    for (let i = 0; i <= RATE_LIMITS.passwordChecksPerUser; i++) {
      const [method, url] =
        i % 2 ? ['POST', '/api/auth/change-password'] : ['DELETE', '/api/account'];
      perUser.push((await guess(held, `10.5.1.${i}`, method, url)).statusCode);
    }
    expect(perUser).toEqual([...Array(RATE_LIMITS.passwordChecksPerUser).fill(400), 429]);
    // The account is still there.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account',
          headers: jsonHeaders(held.cookie),
        })
      ).statusCode,
    ).toBe(200);
  });

  it(`allows each user ${RATE_LIMITS.writesPerUser} task and bid writes a minute`, async () => {
    const [busy, other] = [await signUp(t.app), await signUp(t.app)];
    const create = (cookie: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: jsonHeaders(cookie),
        remoteAddress,
        payload: buildTask(),
      });
    for (let i = 0; i < RATE_LIMITS.writesPerUser; i++) {
      // From ever-changing addresses: the limit follows the user, not the address.
      expect((await create(busy.cookie, `10.3.${i >> 8}.${i & 255}`)).statusCode).toBe(201);
    }
    const refused = await create(busy.cookie, '10.3.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await create(other.cookie, '10.3.9.9')).statusCode).toBe(201);
  });

  it(`allows each user ${RATE_LIMITS.messagesPerUser} private messages a minute; reading is not counted`, async () => {
    const [poster, chatty] = [await signUp(t.app), await signUp(t.app)];
    const taskId = await insertTask(t.app.database.db, poster.id);
    await insertBid(t.app.database.db, taskId, chatty.id);
    const post = (user: TestUser, url: string, payload: object, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: jsonHeaders(user.cookie),
        remoteAddress,
        payload,
      });
    const opened = await post(chatty, '/api/threads', { taskId }, '10.4.0.1');
    expect(opened.statusCode).toBe(201);
    const url = `/api/threads/${opened.json().id}/messages`;
    let last = '';
    for (let i = 1; i < RATE_LIMITS.messagesPerUser; i++) {
      const sent = await post(chatty, url, { body: `m${i}` }, `10.4.${i >> 8}.${i & 255}`);
      expect(sent.statusCode).toBe(201);
      last = sent.json().id;
    }
    const refused = await post(chatty, url, { body: 'one too many' }, '10.4.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const read = await post(
      chatty,
      `/api/threads/${opened.json().id}/read`,
      { upTo: last },
      '10.4.9.9',
    );
    expect(read.statusCode).toBe(200);
    // The other person still writes.
    expect((await post(poster, url, { body: 'Hello' }, '10.4.9.9')).statusCode).toBe(201);
  });

  it(`puts a per-address ceiling of ${RATE_LIMITS.perIp} requests a minute on everything`, async () => {
    for (let i = 0; i < RATE_LIMITS.perIp; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.2.0.1',
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.2.0.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
