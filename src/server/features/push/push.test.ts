import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUSH_DEVICE_LIMIT } from '../../../shared/push/rules.ts';
import { callerFor, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { pushSubscriptions } from '../../platform/db/schema.ts';

/** A subscription as a browser's `toJSON()` gives it (keys of the right sizes). */
const browserSubscription = (n: number | string) => ({
  endpoint: `https://push.example.test/send/${n}`,
  expirationTime: null,
  keys: {
    p256dh: `B${'x'.repeat(85)}${String(n).slice(-1)}`,
    auth: `a${'y'.repeat(20)}${String(n).slice(-1)}`,
  },
});

describe('push subscriptions', () => {
  const t = useTestApp();
  const call = callerFor(t);
  const rowsOf = (who: TestUser) =>
    t.app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.id));
  const subscribe = (who: TestUser | undefined, body: object) =>
    call('POST', '/api/push/subscriptions', who, body);

  it('gives anyone the public key browsers subscribe with', async () => {
    const res = await call('GET', '/api/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.config.push?.publicKey });
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('keeps a signed-in person’s browser once, by its endpoint; keys are never sent back', async () => {
    const me = await signUp(t.app);
    expect((await subscribe(undefined, browserSubscription(1))).statusCode).toBe(401);

    const first = await subscribe(me, browserSubscription(1));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      _id: expect.any(String),
      endpoint: 'https://push.example.test/send/1',
      createdAt: expect.any(String),
      lastSuccessAt: null,
    });
    // The same browser again with new keys: still one row, with the new keys.
    const again = { ...browserSubscription(1), keys: browserSubscription(2).keys };
    expect((await subscribe(me, again)).statusCode).toBe(201);
    const rows = await rowsOf(me);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(again.keys.p256dh);

    // Another person signs in on that browser and turns alerts on: the browser is theirs now.
    const next = await signUp(t.app);
    expect((await subscribe(next, again)).statusCode).toBe(201);
    expect(await rowsOf(me)).toHaveLength(0);
    expect(await rowsOf(next)).toHaveLength(1);
  });

  it('refuses what is no browser subscription, writing nothing', async () => {
    const me = await signUp(t.app);
    const good = browserSubscription(3);
    const bad: [string, object][] = [
      ['endpoint', { ...good, endpoint: 'ftp://push.example.test/1' }],
      ['endpoint', { ...good, endpoint: 'not a url' }],
      ['endpoint', { ...good, endpoint: `https://push.example.test/${'x'.repeat(2100)}` }],
      ['keys.p256dh', { ...good, keys: { ...good.keys, p256dh: 'short' } }],
      ['keys.p256dh', { ...good, keys: { ...good.keys, p256dh: `${'+'.repeat(87)}` } }],
      ['keys.auth', { ...good, keys: { ...good.keys, auth: 'y'.repeat(40) } }],
      ['keys', { endpoint: good.endpoint }],
    ];
    for (const [path, body] of bad) {
      const res = await subscribe(me, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(`body.${path}`);
    }
    expect(await rowsOf(me)).toHaveLength(0);
  });

  it(`keeps at most ${PUSH_DEVICE_LIMIT} browsers a person, forgetting the longest without a delivery`, async () => {
    const me = await signUp(t.app);
    for (let n = 10; n < 10 + PUSH_DEVICE_LIMIT; n++)
      expect((await subscribe(me, browserSubscription(n))).statusCode).toBe(201);
    // The first browser got a message lately; the second is the longest without one.
    await t.app.database.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date() })
      .where(eq(pushSubscriptions.endpoint, browserSubscription(10).endpoint));
    expect((await subscribe(me, browserSubscription(99))).statusCode).toBe(201);
    const endpoints = (await rowsOf(me)).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(PUSH_DEVICE_LIMIT);
    expect(endpoints).toContain(browserSubscription(10).endpoint);
    expect(endpoints).toContain(browserSubscription(99).endpoint);
    expect(endpoints).not.toContain(browserSubscription(11).endpoint);
  });

  it('turns alerts off on one’s own browser only', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await subscribe(me, browserSubscription('m'));
    await subscribe(other, browserSubscription('o'));
    const off = (who: TestUser | undefined, endpoint: string) =>
      call('DELETE', '/api/push/subscriptions', who, { endpoint });

    expect((await off(undefined, browserSubscription('m').endpoint)).statusCode).toBe(401);
    const theirs = await off(me, browserSubscription('o').endpoint);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('This device does not get alerts');
    expect(await rowsOf(other)).toHaveLength(1);
    expect((await off(me, 'nope')).statusCode).toBe(400);

    expect((await off(me, browserSubscription('m').endpoint)).statusCode).toBe(204);
    expect(await rowsOf(me)).toHaveLength(0);
    expect((await off(me, browserSubscription('m').endpoint)).statusCode).toBe(404);
  });
});

describe('push turned off on the server', () => {
  const t = useTestApp({ PUSH: 'off' });
  const call = callerFor(t);

  it('has no key to give and keeps no browser', async () => {
    const key = await call('GET', '/api/push/key');
    expect(key.statusCode).toBe(404);
    expect(key.json().message).toBe('Push notifications are turned off on this server');
    const me = await signUp(t.app);
    const res = await call('POST', '/api/push/subscriptions', me, browserSubscription(1));
    expect(res.statusCode).toBe(404);
    expect(await t.app.database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});
