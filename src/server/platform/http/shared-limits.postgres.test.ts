import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../../tests/setup/test-app.ts';
import { failedSignIn, signUp } from '../../../../tests/factories/users.ts';
import { RATE_LIMITS } from './rate-limits.ts';

describe('two instances on one PostgreSQL', () => {
  const [a, b] = useTwoInstances({ RATE_LIMITS: 'on' });

  it(`share one limit: ${RATE_LIMITS.authPerIp} sign-in attempts a minute from one address across both`, async () => {
    const from = `10.9.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let i = 0; i < RATE_LIMITS.authPerIp; i++) {
      const res = await failedSignIn((i % 2 === 0 ? a : b).app, from);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await failedSignIn(a.app, from)).statusCode).toBe(429);
    expect((await failedSignIn(b.app, from)).statusCode).toBe(429);
  });

  it('share the failed sign-in count of one e-mail', async () => {
    const victim = await signUp(a.app, {}, '10.8.0.1');
    const from = '10.8.0.2';
    for (let i = 0; i < RATE_LIMITS.failedSignInsPerAddressAndEmail; i++) {
      const res = await (i % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: a.config.baseUrl },
        remoteAddress: from,
        payload: { email: victim.email, password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: a.config.baseUrl },
      remoteAddress: from,
      payload: { email: victim.email, password: victim.password },
    });
    expect(res.statusCode).toBe(429);
  });
});
