import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { RATE_LIMITS } from './rate-limits.ts';

const { failedSignInsPerAddressAndEmail: PER_ADDRESS, failedSignInsPerEmail: PER_EMAIL } =
  RATE_LIMITS;

/** How many answers had each status. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe('failed sign-ins are counted before the password is checked', () => {
  const t = useTestApp({ RATE_LIMITS: 'on' });

  const signIn = (
    email: string,
    password: string,
    remoteAddress: string,
    encode: (json: string) => string = (json) => json,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      remoteAddress,
      payload: encode(JSON.stringify({ email, password })),
    });
  const withBom = (json: string) => `\uFEFF${json}`;

  it('a body that starts with a byte order mark is counted like any other', async () => {
    const victim = await signUp(t.app, {}, '10.20.0.1');
    const codes = [];
    for (let i = 0; i < 8; i++)
      codes.push((await signIn(victim.email, `wrong-${i}`, '10.20.1.1', withBom)).statusCode);
    expect(codes).toEqual([...Array(PER_ADDRESS).fill(401), 429, 429, 429]);
    // The right password, with a mark, is stopped like any other attempt from there …
    expect((await signIn(victim.email, victim.password, '10.20.1.1', withBom)).statusCode).toBe(
      429,
    );
    // … and read the same as without one from elsewhere.
    expect((await signIn(victim.email, victim.password, '10.20.2.2', withBom)).statusCode).toBe(
      200,
    );
  });

  it(`10 wrong passwords sent at once from one address: ${PER_ADDRESS} are checked`, async () => {
    const victim = await signUp(t.app, {}, '10.21.0.1');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(victim.email, `wrong-${i}`, '10.21.1.1')),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({
      401: PER_ADDRESS,
      429: 10 - PER_ADDRESS,
    });
  });

  it(`80 at once from 8 addresses: ${PER_ADDRESS} checked from each; 60 from 60 addresses: ${PER_EMAIL} in all`, async () => {
    const victim = await signUp(t.app, {}, '10.22.0.1');
    const eight = await Promise.all(
      Array.from({ length: 80 }, (_, i) => signIn(victim.email, `wrong-${i}`, `10.22.1.${i % 8}`)),
    );
    expect(tally(eight.map((a) => a.statusCode))).toEqual({
      401: 8 * PER_ADDRESS,
      429: 80 - 8 * PER_ADDRESS,
    });

    const other = await signUp(t.app, {}, '10.23.0.1');
    const sixty = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(other.email, `wrong-${i}`, `10.23.1.${i}`)),
    );
    expect(tally(sixty.map((a) => a.statusCode))).toEqual({ 401: PER_EMAIL, 429: 60 - PER_EMAIL });
  }, 120_000);

  it('a successful sign-in gives back what it counted', async () => {
    const me = await signUp(t.app, {}, '10.24.0.1');
    const from = '10.24.1.1';
    for (let i = 0; i < PER_ADDRESS - 1; i++)
      expect((await signIn(me.email, `typo-${i}`, from)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await signIn(me.email, me.password, from)).statusCode).toBe(200);
    // Only the typos count: one more is still checked, the one after is refused.
    expect((await signIn(me.email, 'typo-last', from)).statusCode).toBe(401);
    expect((await signIn(me.email, me.password, from)).statusCode).toBe(429);
  });
});
