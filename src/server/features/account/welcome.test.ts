import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { apiCall, signUp } from '../../../../tests/factories/users.ts';
import { user } from '../../platform/db/schema.ts';

describe('the welcome of a new account', () => {
  const t = useTestApp();
  const welcome = (
    who: Awaited<ReturnType<typeof signUp>>,
    method: 'GET' | 'PUT' = 'GET',
    body?: object,
  ) => apiCall(t.app, method, '/api/account/welcome', who, body);

  it('is pending for a new account until answered, then never again; the answer is kept', async () => {
    const me = await signUp(t.app);
    expect((await welcome(me)).json()).toEqual({ pending: true, goal: null });

    const answered = await welcome(me, 'PUT', { goal: 'earn' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ pending: false, goal: 'earn' });
    expect((await welcome(me)).json()).toEqual({ pending: false, goal: 'earn' });

    // Skipping later keeps the answer and the first moment.
    const [before] = await t.app.database.db
      .select({ at: user.welcomedAt })
      .from(user)
      .where(eq(user.id, me.id));
    expect((await welcome(me, 'PUT', {})).json()).toEqual({ pending: false, goal: 'earn' });
    const [after] = await t.app.database.db
      .select({ at: user.welcomedAt })
      .from(user)
      .where(eq(user.id, me.id));
    expect(after!.at).toEqual(before!.at);
  });

  it('can be skipped without an answer, and is each person’s own', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await welcome(me, 'PUT', {})).json()).toEqual({ pending: false, goal: null });
    expect((await welcome(other)).json()).toEqual({ pending: true, goal: null });
  });

  it('takes only the two answers, and only from a session', async () => {
    const me = await signUp(t.app);
    const bad = await welcome(me, 'PUT', { goal: 'spy' });
    expect(bad.statusCode).toBe(400);
    const extra = await welcome(me, 'PUT', { goal: 'hire', welcomedAt: null });
    expect(extra.statusCode).toBe(400);
    expect((await welcome(me)).json()).toEqual({ pending: true, goal: null });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/welcome' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the answer is in "Download my data" and goes with the account', async () => {
    const me = await signUp(t.app);
    await welcome(me, 'PUT', { goal: 'hire' });
    const exported = await apiCall(t.app, 'GET', '/api/account/export', me);
    expect(exported.json()).toMatchObject({ profile: { goal: 'hire' } });
    const deleted = await apiCall(t.app, 'DELETE', '/api/account', me, { password: me.password });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select({ goal: user.goal })
      .from(user)
      .where(eq(user.id, me.id));
    expect(row).toEqual({ goal: null });
  });
});
