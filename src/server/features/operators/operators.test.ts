import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { buildTask, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import type { OperatorRole, Role } from '../../../shared/operators/rules.ts';
import { moderationSettingsSchema } from '../../../shared/operators/schema.ts';
import { auditLog, session, user } from '../../platform/db/schema.ts';
import { createOperatorRepository } from './repository.ts';

/** A well-formed id of no queue item: a call that passes the role check answers 404. */
const NO_CASE = '00000000-0000-4000-8000-000000000000';

describe('operators', () => {
  const t = useTestApp();
  const [member, support, moderator, admin, target] = useUsers(t, 5);
  const operators = () => createOperatorRepository(t.app.database.db, t.app.sessions);
  const setRole = (u: TestUser, role: Role) => operators().setRoleFromConsole(u.email, role);

  beforeAll(async () => {
    await setRole(support, 'support');
    await setRole(moderator, 'moderator');
    await setRole(admin, 'admin');
  });

  const call = (method: string, url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: jsonHeaders(cookie),
      ...(payload ? { payload } : {}),
    });

  const auditRows = () => t.app.database.db.select().from(auditLog).orderBy(auditLog.id);

  describe('the authorization matrix of every operator route', () => {
    // Each operator route: the least role it needs and a well-formed call on `target`.
    const routes = (): [string, string, OperatorRole, object?][] => [
      ['GET', '/api/admin/people', 'support'],
      ['GET', `/api/admin/people/${target.id}`, 'support'],
      ['PUT', `/api/admin/people/${target.id}/role`, 'admin', { role: 'user', reason: 'Test' }],
      ['POST', `/api/admin/people/${target.id}/end-sessions`, 'moderator', { reason: 'Test' }],
      // A reinstatement of someone not suspended changes nothing: safe to call again and again.
      ['POST', `/api/admin/people/${target.id}/reinstate`, 'moderator', { reason: 'Test' }],
      [
        'POST',
        '/api/admin/people/nobody/suspend',
        'moderator',
        { until: null, rule: 'spam', reason: 'x' },
      ],
      // Nobody to view: past the role check, a 404 (a real view sets cookies: view-as.test.ts).
      ['POST', '/api/admin/people/nobody/view-as', 'admin', { reason: 'x' }],
      ['POST', `/api/admin/people/${target.id}/warn`, 'moderator', { rule: 'spam', reason: 'x' }],
      [
        'POST',
        '/api/admin/people/nobody/limit',
        'moderator',
        {
          until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          rule: 'spam',
          reason: 'x',
        },
      ],
      ['GET', '/api/admin/appeals', 'support'],
      [
        'POST',
        `/api/admin/appeals/${NO_CASE}/decide`,
        'moderator',
        { outcome: 'upheld', reason: 'x' },
      ],
      ['GET', '/api/admin/queue', 'support'],
      ['GET', '/api/admin/dashboard', 'support'],
      ['POST', `/api/admin/queue/${NO_CASE}/assign`, 'moderator', {}],
      [
        'POST',
        `/api/admin/queue/${NO_CASE}/decide`,
        'moderator',
        { outcome: 'upheld', reason: 'x' },
      ],
      ['GET', '/api/admin/audit-log', 'admin'],
      ['GET', '/api/admin/audit-log.csv', 'admin'],
      ['GET', `/api/admin/tasks/${NO_CASE}`, 'support'],
      ['POST', `/api/admin/tasks/${NO_CASE}/hide`, 'moderator', { rule: 'spam', reason: 'x' }],
      ['POST', `/api/admin/tasks/${NO_CASE}/restore`, 'moderator', { reason: 'x' }],
      ['GET', '/api/admin/settings', 'admin'],
      // Every default, saved again: the same settings whoever runs it.
      [
        'PUT',
        '/api/admin/settings',
        'admin',
        { ...moderationSettingsSchema.parse({}), reason: 'Test' },
      ],
    ];

    it('covers every route the server declares with a role', () => {
      const declared = t.app.routeTable
        .filter((r) => r.config?.role && r.method !== 'HEAD')
        .map((r) => `${[r.method].flat().join(',')} ${r.url}`)
        .sort();
      const tested = routes()
        .map(
          ([method, url]) =>
            `${method} ${url.replace(target.id, ':id').replace('nobody', ':id').replace(NO_CASE, ':id')}`,
        )
        .sort();
      expect(tested).toEqual(declared);
    });

    it.each([
      ['anonymous', 401],
      ['member', 404],
    ] as const)('refuses the %s caller on every route (%i)', async (who, status) => {
      for (const [method, url, , body] of routes()) {
        const res = await call(method, url, who === 'member' ? member.cookie : undefined, body);
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} ${status}`);
      }
    });

    it('lets each operator role through exactly where it ranks high enough', async () => {
      const people = { support, moderator, admin };
      const rank = ['support', 'moderator', 'admin'];
      const results: string[] = [];
      const expected: string[] = [];
      for (const [method, url, least, body] of routes()) {
        for (const [role, person] of Object.entries(people)) {
          const res = await call(method, url, person.cookie, body);
          const allowed = rank.indexOf(role) >= rank.indexOf(least);
          // Past the role check, a person who does not exist is a 404.
          const passed = url.includes('/nobody/') || url.includes(NO_CASE) ? 404 : 200;
          results.push(`${role} ${method} ${url} ${res.statusCode}`);
          expected.push(`${role} ${method} ${url} ${allowed ? passed : 403}`);
        }
      }
      expect(results).toEqual(expected);
    });
  });

  describe('roles', () => {
    it('an admin gives a member a role below theirs, logged with the reason, and it takes effect at once', async () => {
      const person = await signUp(t.app);
      const before = await call('GET', '/api/admin/people', person.cookie);
      expect(before.statusCode).toBe(404);
      const res = await call('PUT', `/api/admin/people/${person.id}/role`, admin.cookie, {
        role: 'support',
        reason: 'Joins the support team',
      });
      expect(res.json()).toEqual({ role: 'support', changed: true });
      // Their open session reads the new role (the session cache forgot them).
      expect((await call('GET', '/api/admin/people', person.cookie)).statusCode).toBe(200);
      const [row] = (await auditRows()).filter((r) => r.targetId === person.id);
      expect(row).toMatchObject({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'role.changed',
        targetType: 'person',
        before: { role: 'user' },
        after: { role: 'support' },
        reason: 'Joins the support team',
      });
      expect(row?.requestId).toBeTruthy();
    });

    it.each([
      ['the role admin (only the command line makes admins)', 'admin', 'member'],
      ['a role to another admin', 'user', 'admin'],
      ['a role to themselves', 'user', 'self'],
    ] as const)('an admin cannot give %s', async (_, role, whom) => {
      const other = await signUp(t.app);
      if (whom === 'admin') await setRole(other, 'admin');
      const id = whom === 'self' ? admin.id : other.id;
      const rows = (await auditRows()).length;
      const res = await call('PUT', `/api/admin/people/${id}/role`, admin.cookie, {
        role,
        reason: 'Trying',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/role|own account/);
      expect(await auditRows()).toHaveLength(rows);
    });

    it('a moderator cannot act on an admin, nor on another moderator', async () => {
      const otherModerator = await signUp(t.app);
      await setRole(otherModerator, 'moderator');
      for (const person of [admin, otherModerator]) {
        const res = await call(
          'POST',
          `/api/admin/people/${person.id}/end-sessions`,
          moderator.cookie,
          { reason: 'Trying' },
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You can act only on accounts whose role is below yours.');
      }
      // The admin is still signed in.
      expect((await call('GET', '/api/admin/audit-log', admin.cookie)).statusCode).toBe(200);
    });

    it('two admins giving the same role at once make one change and one audit row', async () => {
      const secondAdmin = await signUp(t.app);
      await setRole(secondAdmin, 'admin');
      const person = await signUp(t.app);
      const results = await Promise.all(
        [admin, secondAdmin].map((a) =>
          call('PUT', `/api/admin/people/${person.id}/role`, a.cookie, {
            role: 'moderator',
            reason: 'Both at once',
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(results.map((r) => r.json().changed).sort()).toEqual([false, true]);
      const rows = (await auditRows()).filter((r) => r.targetId === person.id);
      expect(rows).toHaveLength(1);
    });

    it('refuses a change without a reason, or to an unknown role, with a clear 400', async () => {
      for (const body of [
        { role: 'support' },
        { role: 'support', reason: '  ' },
        { role: 'root', reason: 'x' },
      ]) {
        const res = await call('PUT', `/api/admin/people/${target.id}/role`, admin.cookie, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      const unknown = await call('PUT', '/api/admin/people/nobody/role', admin.cookie, {
        role: 'support',
        reason: 'x',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('sign-up cannot choose a role', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: jsonHeaders(),
        payload: {
          name: 'Sneaky',
          email: 'sneaky@example.com',
          password: 'correct-horse-battery',
          role: 'admin',
        },
      });
      expect(res.statusCode).toBeLessThan(500);
      const [row] = await t.app.database.db
        .select({ role: user.role })
        .from(user)
        .where(eq(user.email, 'sneaky@example.com'));
      expect(row?.role ?? 'user').toBe('user');
    });
  });

  describe('acting on people', () => {
    it('a moderator signs a member out everywhere, logged', async () => {
      const person = await signUp(t.app);
      const res = await call(
        'POST',
        `/api/admin/people/${person.id}/end-sessions`,
        moderator.cookie,
        {
          reason: 'Account shared',
        },
      );
      expect(res.json()).toEqual({ ended: 1 });
      expect((await call('GET', '/api/me/events', person.cookie)).statusCode).toBe(401);
      const sessions = await t.app.database.db
        .select()
        .from(session)
        .where(eq(session.userId, person.id));
      expect(sessions).toEqual([]);
      const [row] = (await auditRows()).filter((r) => r.targetId === person.id);
      expect(row).toMatchObject({
        action: 'sessions.ended',
        actorRole: 'moderator',
        reason: 'Account shared',
      });
    });

    it('support finds people by e-mail or name and reads one, without seeing a password', async () => {
      const person = await signUp(t.app, { name: 'Zelda Findable' });
      const byName = await call('GET', '/api/admin/people?q=findable', support.cookie);
      expect(byName.json().map((p: { id: string }) => p.id)).toEqual([person.id]);
      expect(byName.headers['x-total-count']).toBe('1');
      const byEmail = await call(
        'GET',
        `/api/admin/people?q=${encodeURIComponent(person.email.slice(0, 12))}`,
        support.cookie,
      );
      expect(byEmail.json().map((p: { id: string }) => p.id)).toContain(person.id);
      // A wildcard typed by an operator matches only itself.
      const wildcard = await call('GET', '/api/admin/people?q=%25', support.cookie);
      expect(wildcard.json()).toEqual([]);
      const detail = await call('GET', `/api/admin/people/${person.id}`, support.cookie);
      expect(detail.json()).toMatchObject({
        id: person.id,
        name: 'Zelda Findable',
        role: 'user',
        tasksPosted: 0,
        bidsPlaced: 0,
      });
      expect(detail.json().sessions).toHaveLength(1);
      expect(detail.body).not.toMatch(/password|token/i);
    });

    it("a person's page lists their latest tasks and bids, reports about them and by them", async () => {
      const [author, bidder] = [await signUp(t.app), await signUp(t.app)];
      const taskId = await insertTask(t.app.database.db, author.id, buildTask({ title: 'Shed' }));
      await insertBid(t.app.database.db, taskId, bidder.id, { amount: 80 });
      const filed = await call('POST', '/api/reports', bidder.cookie, {
        targetType: 'task',
        targetId: taskId,
        category: 'spam',
        comment: '',
      });
      expect(filed.statusCode).toBe(201);
      const read = async (person: TestUser) =>
        (await call('GET', `/api/admin/people/${person.id}`, support.cookie)).json();
      const a = await read(author);
      expect(a.recentTasks).toEqual([
        expect.objectContaining({ id: taskId, title: 'Shed', moderation: null }),
      ]);
      expect(a.reportsAgainst).toEqual([
        expect.objectContaining({ targetType: 'task', targetId: taskId, status: 'open' }),
      ]);
      expect(a.reportsBy).toEqual([]);
      const b = await read(bidder);
      expect(b.recentBids).toEqual([
        expect.objectContaining({ taskId, taskTitle: 'Shed', amount: 80 }),
      ]);
      expect(b.reportsBy).toEqual([
        expect.objectContaining({ targetType: 'task', category: 'spam', status: 'open' }),
      ]);
      expect(b.reportsAgainst).toEqual([]);
    });
  });

  describe('the audit log', () => {
    it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
      const db = t.app.database.db;
      const person = await signUp(t.app);
      await setRole(person, 'support');
      await setRole(person, 'user');
      for (const statement of [
        sql`update audit_log set reason = 'rewritten'`,
        sql`delete from audit_log`,
        sql`truncate audit_log`,
      ]) {
        await expect(db.execute(statement)).rejects.toThrow();
      }
      const rows = await auditRows();
      expect(rows.filter((r) => r.targetId === person.id)).toHaveLength(2);
      expect(rows.some((r) => r.reason === 'rewritten')).toBe(false);
    });

    it('the command line writes its changes as the console', async () => {
      const person = await signUp(t.app);
      expect(await setRole(person, 'moderator')).toMatchObject({ changed: true, before: 'user' });
      expect(await setRole(person, 'moderator')).toMatchObject({ changed: false });
      const rows = (await auditRows()).filter((r) => r.targetId === person.id);
      expect(rows).toEqual([
        expect.objectContaining({
          actorId: null,
          actorRole: 'console',
          after: { role: 'moderator' },
        }),
      ]);
      await expect(operators().setRoleFromConsole('nobody@example.com', 'admin')).rejects.toThrow(
        'No account has the address nobody@example.com.',
      );
    });

    it('filters by actor, action, target and dates, pages, and exports CSV', async () => {
      const person = await signUp(t.app);
      await call('PUT', `/api/admin/people/${person.id}/role`, admin.cookie, {
        role: 'support',
        reason: '=cmd|calc',
      });
      const list = await call(
        'GET',
        `/api/admin/audit-log?actor=${admin.id}&targetId=${person.id}&action=role.changed`,
        admin.cookie,
      );
      expect(list.json()).toHaveLength(1);
      expect(list.json()[0]).toMatchObject({ actorName: admin.name, targetId: person.id });
      const today = new Date().toISOString().slice(0, 10);
      const dated = await call(
        'GET',
        `/api/admin/audit-log?from=${today}&to=${today}&limit=1`,
        admin.cookie,
      );
      expect(dated.json()).toHaveLength(1);
      expect(Number(dated.headers['x-total-count'])).toBeGreaterThan(1);
      const past = await call('GET', '/api/admin/audit-log?to=2020-01-01', admin.cookie);
      expect(past.json()).toEqual([]);
      const backwards = await call(
        'GET',
        `/api/admin/audit-log?from=${today}&to=2020-01-01`,
        admin.cookie,
      );
      expect(backwards.statusCode).toBe(400);
      const bad = await call('GET', '/api/admin/audit-log?from=yesterday', admin.cookie);
      expect(bad.statusCode).toBe(400);

      const csv = await call('GET', `/api/admin/audit-log.csv?targetId=${person.id}`, admin.cookie);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toContain('audit-log.csv');
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"time","actor_id","actor_name","actor_role","action","target_type","target_id","before","after","reason","request_id"',
      );
      expect(lines).toHaveLength(2);
      // The reason, written by an operator, cannot run as a spreadsheet formula.
      expect(lines[1]).toContain(`"'=cmd|calc"`);
    });
  });
});
