import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { failedSignIn } from '../../../../tests/factories/users.ts';
import { RATE_LIMITS } from './rate-limits.ts';

/** An address no earlier run used (Redis keeps counters between runs for a minute). */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('two instances on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMITS: 'on', REDIS_URL: 'redis://127.0.0.1:6379' };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it(`share one limit: ${RATE_LIMITS.authPerIp} sign-in attempts a minute from one address across both`, async () => {
    const from = someAddress();
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
      const res = await failedSignIn((i % 2 === 0 ? a : b).app, from);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await failedSignIn(a.app, from)).statusCode).toBe(429);
    expect((await failedSignIn(b.app, from)).statusCode).toBe(429);
  });

  it(`share the failed sign-ins of one e-mail, counted before the password is checked: ${RATE_LIMITS.failedSignInsPerAddressAndEmail} of 10 sent at once`, async () => {
    const from = someAddress();
    const email = `target-${randomInt(1e9)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        failedSignIn((i % 2 === 0 ? a : b).app, from, { email }),
      ),
    );
    const checked = answers.filter((res) => res.statusCode === 401).length;
    expect(checked).toBe(RATE_LIMITS.failedSignInsPerAddressAndEmail);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10 - checked);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const direct = useTestApp({ RATE_LIMITS: 'on' });
  const proxied = useTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '1' });

  it('limits each client behind the proxy on its own address when TRUST_PROXY is set', async () => {
    const balancer = '10.200.0.1';
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
      const res = await failedSignIn(proxied.app, balancer, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await failedSignIn(proxied.app, balancer, { headers: { 'x-forwarded-for': '203.0.113.7' } }))
        .statusCode,
    ).toBe(429);
    // Another client through the same balancer is not locked out with the first.
    expect(
      (await failedSignIn(proxied.app, balancer, { headers: { 'x-forwarded-for': '203.0.113.8' } }))
        .statusCode,
    ).toBe(401);
  });

  it('ignores X-Forwarded-For by default, so a client cannot pick its own address', async () => {
    const client = '10.201.0.1';
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
      const forwarded = { 'x-forwarded-for': `198.51.100.${i}` };
      const res = await failedSignIn(direct.app, client, { headers: forwarded });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await failedSignIn(direct.app, client, { headers: { 'x-forwarded-for': '198.51.100.99' } }))
        .statusCode,
    ).toBe(429);
  });
});
