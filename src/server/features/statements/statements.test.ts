import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { setTimeAgo } from '../../../../tests/factories/clock.ts';
import { buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import type { Role } from '../../../shared/operators/rules.ts';
import type { Statement } from '../../../shared/operators/schema.ts';
import {
  auditLog,
  mailOutbox,
  moderationCases,
  statements,
  user,
} from '../../platform/db/schema.ts';
import { createOperatorRepository, endLimits } from '../operators/index.ts';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The routes a limited person is refused: everything that writes what others read. */
const WRITING_ROUTES = [
  'POST /api/bids',
  'POST /api/questions/:id/answer',
  'POST /api/reviews/:id/reply',
  'POST /api/tasks',
  'POST /api/tasks/:id/questions',
  'POST /api/tasks/:id/reviews',
  'POST /api/threads',
  'POST /api/threads/:id/messages',
  'PUT /api/questions/:id/answer',
  'PUT /api/reviews/:id',
  'PUT /api/tasks/:id',
];

describe('the account-action ladder: warnings, limits, statements and appeals', () => {
  const t = useTestApp();
  const [support, moderator, moderator2, admin] = useUsers(t, 4);
  const setRole = (u: TestUser, role: Role) =>
    createOperatorRepository(t.app.database.db, t.app.sessions).setRoleFromConsole(u.email, role);

  beforeAll(async () => {
    await setRole(support, 'support');
    await setRole(moderator, 'moderator');
    await setRole(moderator2, 'moderator');
    await setRole(admin, 'admin');
  });

  const call = (method: string, url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: jsonHeaders(cookie),
      ...(payload ? { payload } : {}),
    });
  const postTask = (person: TestUser) => call('POST', '/api/tasks', person.cookie, buildTask());
  const statementsOf = async (person: TestUser) =>
    (await call('GET', '/api/statements', person.cookie)).json() as Statement[];
  const limit = (person: TestUser, by: TestUser = moderator, until = inDays(10)) =>
    call('POST', `/api/admin/people/${person.id}/limit`, by.cookie, {
      until,
      rule: 'spam',
      reason: 'Posted the same task thirty times.',
    });
  const auditOf = (targetId: string) =>
    t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId))
      .orderBy(auditLog.id);
  const mailsTo = (email: string) =>
    t.app.database.db
      .select({ kind: mailOutbox.kind, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(mailOutbox.createdAt);

  describe('warnings', () => {
    it('a moderator warns a member: a statement they read, a mail, an audit row, nothing restricted', async () => {
      const person = await signUp(t.app);
      const res = await call('POST', `/api/admin/people/${person.id}/warn`, moderator.cookie, {
        rule: 'harassment',
        reason: 'Insulted a bidder in a message.',
      });
      expect(res.statusCode).toBe(200);
      const [statement] = await statementsOf(person);
      expect(statement).toMatchObject({
        id: res.json().statementId,
        action: 'warning',
        rule: 'harassment',
        ruleText: 'Harassment or hate',
        reason: 'Insulted a bidder in a message.',
        until: null,
        appealState: null,
      });
      expect(await auditOf(person.id)).toEqual([
        expect.objectContaining({ action: 'person.warned', actorId: moderator.id }),
      ]);
      expect((await mailsTo(person.email)).map((m) => m.kind)).toContain('account-statement');
      expect((await postTask(person)).statusCode).toBe(201);
    });

    it('support cannot warn, nor a moderator warn an admin', async () => {
      const person = await signUp(t.app);
      const body = { rule: 'spam', reason: 'x' };
      expect(
        (await call('POST', `/api/admin/people/${person.id}/warn`, support.cookie, body))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/admin/people/${admin.id}/warn`, moderator.cookie, body))
          .statusCode,
      ).toBe(403);
      expect(await statementsOf(person)).toEqual([]);
    });
  });

  describe('read-only limits', () => {
    it('marks exactly the routes that write what others read', () => {
      const declared = t.app.routeTable
        .filter((r) => r.config?.writes)
        .map((r) => `${[r.method].flat().join(',')} ${r.url}`)
        .sort();
      expect(declared).toEqual(WRITING_ROUTES);
    });

    it('refuses every writing route with 403 and a clear message while it runs, and reads still work', async () => {
      const person = await signUp(t.app);
      const until = inDays(12);
      const res = await limit(person, moderator, until);
      expect(res.json()).toEqual({ limitedUntil: `${until}T00:00:00.000Z` });
      const day = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
      for (const route of WRITING_ROUTES) {
        const [method, url] = route.split(' ') as [string, string];
        const refused = await call(method, url.replace(':id', UNKNOWN), person.cookie, {});
        expect(`${route} ${refused.statusCode}`).toBe(`${route} 403`);
        expect(refused.json()).toMatchObject({
          code: 'ACCOUNT_LIMITED',
          message: `Your account is limited until ${day}: you can read, but not post, bid, ask, message or review. See your account notices.`,
        });
      }
      expect((await call('GET', '/api/tasks', person.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/statements', person.cookie)).statusCode).toBe(200);
      const [statement] = await statementsOf(person);
      expect(statement).toMatchObject({ action: 'limit', until: `${until}T00:00:00.000Z` });
      const detail = (await call('GET', `/api/admin/people/${person.id}`, support.cookie)).json();
      expect(detail.limitedUntil).toBe(`${until}T00:00:00.000Z`);
      expect(detail.statements).toHaveLength(1);
      expect(await auditOf(person.id)).toEqual([
        expect.objectContaining({ action: 'person.limited', actorId: moderator.id }),
      ]);
    });

    it('applies from the next request of a session already read (cached)', async () => {
      const person = await signUp(t.app);
      expect((await postTask(person)).statusCode).toBe(201);
      await limit(person);
      expect((await postTask(person)).statusCode).toBe(403);
    });

    it('ends by itself at its date; the job then clears the column', async () => {
      const person = await signUp(t.app);
      await limit(person);
      await setTimeAgo(t.app.database.db, user.limitedUntil, person.id, '1 minute');
      expect((await postTask(person)).statusCode).toBe(201);
      expect(await endLimits(t.app.database.db)).toContain(person.id);
      const [row] = await t.app.database.db
        .select({ until: user.limitedUntil })
        .from(user)
        .where(eq(user.id, person.id));
      expect(row?.until).toBeNull();
    });

    it('reinstating lifts it at once, and tells the person', async () => {
      const person = await signUp(t.app);
      await limit(person);
      const res = await call('POST', `/api/admin/people/${person.id}/reinstate`, moderator.cookie, {
        reason: 'A mistake: it was another account.',
      });
      expect(res.json()).toEqual({ banned: false, changed: true });
      expect((await postTask(person)).statusCode).toBe(201);
      const mails = await mailsTo(person.email);
      expect(mails.at(-1)).toMatchObject({ kind: 'account-reinstated' });
    });

    it('takes the person’s open tasks out of browse, and reinstating puts them back', async () => {
      const person = await signUp(t.app);
      const title = `Limited ${person.id.slice(0, 8)}`;
      const taskId = await insertTask(t.app.database.db, person.id, buildTask({ title }));
      const browsed = async () =>
        (
          (await call('GET', `/api/tasks?search=${encodeURIComponent(title)}`)).json() as {
            _id: string;
          }[]
        ).map((task) => task._id);
      expect(await browsed()).toEqual([taskId]);
      await limit(person);
      expect(await browsed()).toEqual([]);
      // Its page still opens.
      expect((await call('GET', `/api/tasks/${taskId}`, moderator.cookie)).statusCode).toBe(200);
      await call('POST', `/api/admin/people/${person.id}/reinstate`, moderator.cookie, {
        reason: 'Lifted early.',
      });
      expect(await browsed()).toEqual([taskId]);
    });

    it('refuses a date that is not ahead, or too far', async () => {
      const person = await signUp(t.app);
      expect((await limit(person, moderator, inDays(0))).statusCode).toBe(400);
      expect((await limit(person, moderator, inDays(400))).statusCode).toBe(400);
      expect((await postTask(person)).statusCode).toBe(201);
    });
  });

  describe('statements', () => {
    it('a suspension and an upheld report each make a statement too', async () => {
      const person = await signUp(t.app);
      await call('POST', `/api/admin/people/${person.id}/suspend`, moderator.cookie, {
        until: inDays(3),
        rule: 'scam',
        reason: 'Asked to be paid outside TaskBid.',
      });
      const rows = await t.app.database.db
        .select({ action: statements.action, rule: statements.rule })
        .from(statements)
        .where(eq(statements.userId, person.id));
      expect(rows).toEqual([{ action: 'suspension', rule: 'scam' }]);
      expect((await mailsTo(person.email)).at(-1)?.payload).toMatchObject({
        action: 'suspension',
        rule: 'Scams, or asking to be paid outside TaskBid',
      });

      const author = await signUp(t.app);
      const reporter = await signUp(t.app);
      const taskId = await insertTask(t.app.database.db, author.id);
      await call('POST', '/api/reports', reporter.cookie, {
        targetType: 'task',
        targetId: taskId,
        category: 'scam',
      });
      const [item] = await t.app.database.db
        .select({ id: moderationCases.id })
        .from(moderationCases)
        .where(eq(moderationCases.targetId, taskId));
      await call('POST', `/api/admin/queue/${item!.id}/decide`, moderator.cookie, {
        outcome: 'upheld',
        reason: 'The task asks for payment by gift card.',
      });
      expect(await statementsOf(author)).toEqual([
        expect.objectContaining({
          action: 'content',
          rule: 'scam',
          reason: 'The task asks for payment by gift card.',
        }),
      ]);
    });

    it('a person reads only their own, and needs a session', async () => {
      const [one, other] = [await signUp(t.app), await signUp(t.app)];
      await call('POST', `/api/admin/people/${one.id}/warn`, moderator.cookie, {
        rule: 'spam',
        reason: 'Spam.',
      });
      expect(await statementsOf(one)).toHaveLength(1);
      expect(await statementsOf(other)).toEqual([]);
      expect((await call('GET', '/api/statements')).statusCode).toBe(401);
    });
  });

  describe('appeals', () => {
    const warned = async () => {
      const person = await signUp(t.app);
      const res = await call('POST', `/api/admin/people/${person.id}/warn`, moderator.cookie, {
        rule: 'spam',
        reason: 'Spam.',
      });
      return { person, id: res.json().statementId as string };
    };
    const appeal = (person: TestUser | undefined, id: string, text = 'It was not me.') =>
      call('POST', `/api/statements/${id}/appeal`, person?.cookie, { text });

    it('once per statement, own only, within 20 days, with a text', async () => {
      const { person, id } = await warned();
      const stranger = await signUp(t.app);
      expect((await appeal(undefined, id)).statusCode).toBe(401);
      expect((await appeal(stranger, id)).statusCode).toBe(404);
      expect((await appeal(person, id, '   ')).statusCode).toBe(400);
      const first = await appeal(person, id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ appealState: 'open', appealText: 'It was not me.' });
      const second = await appeal(person, id, 'Again.');
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toMatch(/already appealed/);

      const late = await warned();
      await setTimeAgo(t.app.database.db, statements.createdAt, late.id, '21 days');
      const closed = await appeal(late.person, late.id);
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toMatchObject({ code: 'APPEAL_CLOSED' });
      expect(closed.json().message).toMatch(/20 days/);
    });

    it('operators list open appeals; an overturned limit is lifted, the person told and the statement marked', async () => {
      const person = await signUp(t.app);
      await limit(person);
      const [statement] = await statementsOf(person);
      await appeal(person, statement!.id, 'I posted it once; the site doubled it.');

      const list = (await call('GET', '/api/admin/appeals', support.cookie)).json();
      expect(list).toContainEqual(
        expect.objectContaining({
          id: statement!.id,
          personId: person.id,
          action: 'limit',
          appealText: 'I posted it once; the site doubled it.',
        }),
      );
      const decide = (by: TestUser, outcome: string) =>
        call('POST', `/api/admin/appeals/${statement!.id}/decide`, by.cookie, {
          outcome,
          reason: 'The duplicates were our fault.',
        });
      // The moderator who limited them does not decide their appeal; support cannot.
      expect((await decide(moderator, 'overturned')).statusCode).toBe(403);
      expect((await decide(support, 'overturned')).statusCode).toBe(403);
      const res = await decide(admin, 'overturned');
      expect(res.json()).toEqual({ appealState: 'overturned', lifted: 'limit' });
      expect((await postTask(person)).statusCode).toBe(201);
      const [after] = await statementsOf(person);
      expect(after).toMatchObject({
        appealState: 'overturned',
        appealDecisionReason: 'The duplicates were our fault.',
      });
      expect((await mailsTo(person.email)).at(-1)).toMatchObject({
        kind: 'appeal-decided',
        payload: { overturned: true },
      });
      expect((await decide(moderator2, 'upheld')).statusCode).toBe(409);
      expect(
        (await call('GET', '/api/admin/appeals', support.cookie))
          .json()
          .map((a: { id: string }) => a.id),
      ).not.toContain(statement!.id);
    });

    it('an upheld appeal leaves the limit in place', async () => {
      const person = await signUp(t.app);
      await limit(person);
      const [statement] = await statementsOf(person);
      await appeal(person, statement!.id);
      const res = await call('POST', `/api/admin/appeals/${statement!.id}/decide`, admin.cookie, {
        outcome: 'upheld',
        reason: 'The posts were spam.',
      });
      expect(res.json()).toEqual({ appealState: 'upheld', lifted: null });
      expect((await postTask(person)).statusCode).toBe(403);
    });

    it('two moderators deciding at once make one decision and one audit row', async () => {
      const person = await signUp(t.app);
      await limit(person, admin);
      const [statement] = await statementsOf(person);
      await appeal(person, statement!.id);
      const results = await Promise.all(
        [moderator, moderator2].map((by, i) =>
          call('POST', `/api/admin/appeals/${statement!.id}/decide`, by.cookie, {
            outcome: i === 0 ? 'upheld' : 'overturned',
            reason: 'Looked at it.',
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.app.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.targetId} = ${statement!.id}`);
      expect(rows).toHaveLength(1);
    });
  });
});
