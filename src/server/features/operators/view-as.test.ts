import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { VIEWING_AS_MESSAGE } from '../../platform/auth/viewing-as.ts';
import { auditLog, tasks } from '../../platform/db/schema.ts';
import { createOperatorRepository } from './repository.ts';

/** A Cookie header with the cookies a response set laid over the ones sent. */
function laidOver(cookie: string, setCookie: string | string[] | undefined) {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const));
  for (const line of [setCookie ?? []].flat()) {
    const pair = line.split(';')[0]!;
    const [name, value] = [pair.split('=')[0], pair.slice(pair.indexOf('=') + 1)];
    if (value === '') jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

describe('an admin views the app as a person, read-only', () => {
  const t = useTestApp();
  let admin: TestUser;
  let otherAdmin: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    [admin, otherAdmin, moderator] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    await operators.setRoleFromConsole(admin.email, 'admin');
    await operators.setRoleFromConsole(otherAdmin.email, 'admin');
    await operators.setRoleFromConsole(moderator.email, 'moderator');
  });

  const viewAs = (cookie: string, personId: string, reason: unknown = 'Checking what they see.') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/people/${personId}/view-as`,
      headers: jsonHeaders(cookie),
      payload: { reason },
    });
  const session = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/get-session', headers: jsonHeaders(cookie) })).json();

  it('opens a session of theirs that reads, refuses every change, is logged, and ends back in the admin’s own', async () => {
    const person = await signUp(t.app);
    const res = await viewAs(admin.cookie, person.id);
    expect(res.statusCode).toBe(200);
    const until = Date.parse(res.json().until);
    expect(until - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const viewing = laidOver(admin.cookie, res.headers['set-cookie']);

    const seen = await session(viewing);
    expect(seen.user.id).toBe(person.id);
    expect(seen.session.impersonatedBy).toBe(admin.id);
    const mine = await t.app.inject({
      url: `/api/tasks?email=${encodeURIComponent(person.email)}`,
      headers: jsonHeaders(viewing),
    });
    expect(mine.statusCode).toBe(200);

    // Our routes and the accounts endpoints alike.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: jsonHeaders(viewing),
      payload: buildTask({ title: 'Posted while viewed' }),
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'VIEWING_AS', message: VIEWING_AS_MESSAGE });
    const rename = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: jsonHeaders(viewing),
      payload: { name: 'Renamed while viewed' },
    });
    expect(rename.statusCode).toBe(403);
    expect(
      await t.app.database.db.select().from(tasks).where(eq(tasks.ownerId, person.id)),
    ).toEqual([]);
    expect((await session(person.cookie)).user.name).toBe(person.name);

    const log = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, person.id));
    expect(log).toEqual([
      expect.objectContaining({
        action: 'person.viewed',
        actorId: admin.id,
        reason: 'Checking what they see.',
        after: { until: res.json().until },
      }),
    ]);

    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/stop-impersonating',
      headers: jsonHeaders(viewing),
      payload: {},
    });
    expect(stop.statusCode).toBe(200);
    const back = laidOver(viewing, stop.headers['set-cookie']);
    expect((await session(back)).user.id).toBe(admin.id);
    // The viewing session is gone.
    expect((await session(viewing))?.user.id).not.toBe(person.id);
  });

  it('is for admins only, never on another admin, and needs a reason', async () => {
    const person = await signUp(t.app);
    expect((await viewAs(person.cookie, moderator.id)).statusCode).toBe(404);
    expect((await viewAs(moderator.cookie, person.id)).statusCode).toBe(403);
    const onAdmin = await viewAs(admin.cookie, otherAdmin.id);
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.headers['set-cookie']).toBeUndefined();
    expect((await viewAs(admin.cookie, person.id, '')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/people/${person.id}/view-as`,
          headers: jsonHeaders(),
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const logged = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'person.viewed'));
    expect(logged.map((row) => row.targetId)).not.toContain(person.id);
  });
});
