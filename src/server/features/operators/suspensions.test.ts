import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { AUTH_ERRORS } from '../../../shared/auth-errors.ts';
import { auditLog, user } from '../../platform/db/schema.ts';
import { createOperatorRepository } from './repository.ts';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('suspensions and bans', () => {
  const t = useMailTestApp();
  let moderator: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    moderator = await signUp(t.app);
    admin = await signUp(t.app);
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(admin.email, 'admin');
  });

  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
  const signIn = (person: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: person.email, password: person.password },
    });

  it('a suspension signs the person out, refuses their sign-in with a clear message, mails the statement, and is logged', async () => {
    const person = await signUp(t.app);
    const until = inDays(7);
    const res = await post(`/api/admin/people/${person.id}/suspend`, moderator.cookie, {
      until,
      rule: 'scam',
      reason: 'Asked bidders to pay by bank transfer outside TaskBid.',
    });
    expect(res.json()).toEqual({ banned: true, until: `${until}T00:00:00.000Z` });

    expect(
      (await t.app.inject({ url: '/api/account', headers: jsonHeaders(person.cookie) })).statusCode,
    ).toBe(401);
    const refused = await signIn(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'BANNED_USER',
      message: AUTH_ERRORS['account-suspended'],
    });

    // The first mail is the sign-up's verification link.
    const mail = (await t.smtp.waitFor(person.email, 2))[1];
    expect(mail?.subject).toBe('Your TaskBid account is suspended');
    expect(mail?.text).toContain('Scams, or asking to be paid outside TaskBid');
    expect(mail?.text).toContain('Asked bidders to pay by bank transfer outside TaskBid.');
    expect(mail?.text).toContain('within 20 days');

    const rows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'person.suspended',
        actorId: moderator.id,
        after: { banned: true, until: `${until}T00:00:00.000Z`, rule: 'scam' },
      }),
    ]);
  });

  it('a suspension ends by itself at its date: the next sign-in works and clears it', async () => {
    const person = await signUp(t.app);
    await post(`/api/admin/people/${person.id}/suspend`, moderator.cookie, {
      until: inDays(2),
      rule: 'spam',
      reason: 'Posted the same task forty times.',
    });
    expect((await signIn(person)).statusCode).toBe(403);
    await t.app.database.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, person.id));
    expect((await signIn(person)).statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select({ banned: user.banned })
      .from(user)
      .where(eq(user.id, person.id));
    expect(row?.banned).toBe(false);
  });

  it('a ban has no end; reinstating lets the person in again and tells them', async () => {
    const person = await signUp(t.app);
    await post(`/api/admin/people/${person.id}/suspend`, moderator.cookie, {
      until: null,
      rule: 'harassment',
      reason: 'Threatened a freelancer in messages.',
    });
    const closed = (await t.smtp.waitFor(person.email, 2))[1];
    expect(closed?.subject).toBe('Your TaskBid account is closed');
    expect((await signIn(person)).statusCode).toBe(403);

    const lifted = await post(`/api/admin/people/${person.id}/reinstate`, admin.cookie, {
      reason: 'Appeal upheld: the messages were quoted out of context.',
    });
    expect(lifted.json()).toEqual({ banned: false, changed: true });
    expect((await signIn(person)).statusCode).toBe(200);
    const mails = await t.smtp.waitFor(person.email, 3);
    expect(mails.map((m) => m.subject)).toContain('Your TaskBid account is open again');
    const again = await post(`/api/admin/people/${person.id}/reinstate`, admin.cookie, {
      reason: 'Twice',
    });
    expect(again.json()).toEqual({ banned: false, changed: false });
    const actions = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['person.banned', 'person.reinstated']);
  });

  it.each([
    [{ until: inDays(0), rule: 'spam', reason: 'x' }, 'until'],
    [{ until: inDays(400), rule: 'spam', reason: 'x' }, 'until'],
    [{ until: 'next week', rule: 'spam', reason: 'x' }, 'until'],
    [{ until: null, rule: 'rudeness', reason: 'x' }, 'rule'],
    [{ until: null, rule: 'spam', reason: '' }, 'reason'],
    [{ rule: 'spam', reason: 'x' }, 'until'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const person = await signUp(t.app);
    const res = await post(`/api/admin/people/${person.id}/suspend`, moderator.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`);
    expect((await signIn(person)).statusCode).toBe(200);
  });

  it('a moderator cannot suspend an admin or a moderator; support cannot suspend anyone', async () => {
    const support = await signUp(t.app);
    await createOperatorRepository(t.app.database.db, t.app.sessions).setRoleFromConsole(
      support.email,
      'support',
    );
    const body = { until: null, rule: 'other', reason: 'Trying' };
    expect(
      (await post(`/api/admin/people/${admin.id}/suspend`, moderator.cookie, body)).statusCode,
    ).toBe(403);
    const member = await signUp(t.app);
    expect(
      (await post(`/api/admin/people/${member.id}/suspend`, support.cookie, body)).statusCode,
    ).toBe(403);
    expect((await signIn(admin)).statusCode).toBe(200);
    expect((await signIn(member)).statusCode).toBe(200);
  });
});
