import { describe, expect, it } from 'vitest';
import { jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { newsletterSubscriptions } from '../../platform/db/schema.ts';

describe('POST /api/newsletter', () => {
  const t = useTestApp();

  const subscribe = (payload: object | string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', headers: jsonHeaders(cookie), payload });

  it('stores a new address once and answers a known one exactly the same (no enumeration)', async () => {
    const first = await subscribe({ email: 'reader@example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, message: 'Thank you for subscribing!' });
    const again = await subscribe({ email: '  READER@Example.COM ' });
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: first.statusCode,
      body: first.body,
    });
    const rows = await t.app.database.db.select().from(newsletterSubscriptions);
    expect(rows.map((r) => r.email)).toEqual(['reader@example.com']);
  });

  it('works the same for a signed-in user', async () => {
    const user = await signUp(t.app);
    const res = await subscribe({ email: 'member@example.org' }, user.cookie);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    {},
    { email: '' },
    { email: 'plain' },
    { email: 'a b@example.com' },
    { email: 'a@example' },
    { email: 'a@example.c' },
    { email: `${'a'.repeat(250)}@example.com` },
    { email: 42 },
    { email: null },
    [],
    'reader@example.com',
  ])('answers 400 with the footer’s sentence for %j', async (payload) => {
    const res = await subscribe(JSON.stringify(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a valid email address' });
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await subscribe('{"email":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });
});
