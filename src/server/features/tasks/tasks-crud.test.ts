import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTask, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { bids, tasks } from '../../platform/db/schema.ts';

describe('tasks: create, read, update, delete', () => {
  const t = useTestApp();
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    owner = await signUp(t.app, { name: 'Olive Owner' });
    other = await signUp(t.app, { name: 'Oscar Other' });
  });

  const post = (cookie: string | undefined, payload: object | string) =>
    t.app.inject({ method: 'POST', url: '/api/tasks', headers: jsonHeaders(cookie), payload });
  const get = (id: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: jsonHeaders(cookie) });
  const put = (id: string, cookie: string | undefined, payload: object | string) =>
    t.app.inject({ method: 'PUT', url: `/api/tasks/${id}`, headers: jsonHeaders(cookie), payload });
  const del = (id: string, cookie?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${id}`,
      headers: { origin: jsonHeaders().origin!, ...(cookie ? { cookie } : {}) },
    });

  describe('POST /api/tasks', () => {
    it('creates a task for the signed-in user, ignoring spoofed identity fields', async () => {
      const body = {
        ...buildTask({ title: 'Paint the fence', budget: 99.99 }),
        userEmail: other.email,
        userName: 'Someone Else',
        email: other.email,
        name: 'Someone Else',
        timestamp: '1999-01-01T00:00:00.000Z',
        createdAt: '1999-01-01T00:00:00.000Z',
      };
      const res = await post(owner.cookie, body);
      expect(res.statusCode).toBe(201);
      const { acknowledged, insertedId } = res.json();
      expect(acknowledged).toBe(true);
      expect(insertedId).toMatch(/^[0-9a-f-]{36}$/);

      const task = (await get(insertedId, owner.cookie)).json();
      expect(task).toMatchObject({
        _id: insertedId,
        title: 'Paint the fence',
        budget: 99.99,
        price: 99.99,
        userEmail: owner.email,
        userName: 'Olive Owner',
        bidCount: 0,
        status: 'Not Started',
      });
      expect(Date.now() - Date.parse(task.createdAt)).toBeLessThan(60_000);
    });

    it('answers 401 JSON to an anonymous caller', async () => {
      const res = await post(undefined, buildTask());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: 'UNAUTHORIZED' });
    });

    it('defaults status and empties optional fields', async () => {
      const { status: _s, imageUrl: _i, estimatedTime: _e, budget: _b, ...required } = buildTask();
      const res = await post(owner.cookie, { ...required, location: '' });
      expect(res.statusCode).toBe(201);
      const task = (await get(res.json().insertedId)).json();
      expect(task).toMatchObject({
        status: 'Not Started',
        imageUrl: null,
        estimatedTime: null,
        budget: null,
        price: null,
        location: null,
        assignedTo: null,
      });
    });

    it('rejects malformed JSON, a non-object and wrong types with 400 JSON', async () => {
      const malformed = await post(owner.cookie, '{"title": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/not valid JSON/);
      const bodies = [[], 'text', 42, null, { ...buildTask(), budget: '10' }, { title: 5 }];
      for (const body of bodies) {
        const res = await post(owner.cookie, JSON.stringify(body));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.any(Array) });
      }
    });
  });

  describe('GET /api/tasks/:id', () => {
    it('shows the owner e-mail only to the owner, and counts offers', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      // One live offer per person: a past round's cancelled one counts, a withdrawn one not.
      await insertBid(t.app.database.db, id, other.id);
      await insertBid(t.app.database.db, id, other.id, { status: 'cancelled' });
      await insertBid(t.app.database.db, id, other.id, { status: 'withdrawn' });
      for (const cookie of [undefined, other.cookie]) {
        const res = await get(id, cookie);
        expect(res.statusCode).toBe(200);
        const task = res.json();
        expect(task).not.toHaveProperty('userEmail');
        expect(res.body).not.toContain(owner.email);
        expect(task).toMatchObject({ _id: id, userName: 'Olive Owner', bidCount: 2 });
      }
      expect((await get(id, owner.cookie)).json().userEmail).toBe(owner.email);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id', '64b7f0c2a1b2c3d4e5f60718'])(
      'answers 404 JSON for the unknown or malformed id %s',
      async (id) => {
        const res = await get(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
      },
    );
  });

  describe('PUT /api/tasks/:id', () => {
    it('lets the owner update, and says 0 modified when nothing changed', async () => {
      const body = buildTask({ title: 'Original', budget: 10, estimatedTime: 2 });
      const id = (await post(owner.cookie, body)).json().insertedId;
      const [before] = await t.app.database.db
        .select({ updatedAt: tasks.updatedAt })
        .from(tasks)
        .where(eq(tasks.id, id));

      // Same values, written differently (10 vs 10.00 is the same money); identity ignored.
      const same = await put(id, owner.cookie, {
        ...body,
        title: '  Original  ',
        budget: 10.0,
        email: other.email,
        name: 'Spoofed',
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
      const [unchanged] = await t.app.database.db
        .select({ updatedAt: tasks.updatedAt })
        .from(tasks)
        .where(eq(tasks.id, id));
      expect(unchanged?.updatedAt).toEqual(before?.updatedAt);

      const changed = await put(id, owner.cookie, { ...body, title: 'Renamed', status: 'On Hold' });
      expect(changed.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const task = (await get(id, owner.cookie)).json();
      expect(task).toMatchObject({ title: 'Renamed', status: 'On Hold', userEmail: owner.email });
    });

    it('keeps optional fields that are left out, and clears those sent empty', async () => {
      const id = (await post(owner.cookie, buildTask({ location: 'Berlin' }))).json().insertedId;
      const { imageUrl: _i, budget: _b, location: _l, status: _s, ...rest } = buildTask();
      await put(id, owner.cookie, rest);
      expect((await get(id)).json()).toMatchObject({
        location: 'Berlin',
        budget: 250.5,
        imageUrl: 'https://images.example.com/task.png',
      });
      await put(id, owner.cookie, { ...rest, location: '', imageUrl: '', budget: null });
      expect((await get(id)).json()).toMatchObject({
        location: null,
        budget: null,
        imageUrl: null,
      });
    });

    it('answers 401 anonymous, 403 another user, 404 unknown or malformed', async () => {
      const id = await insertTask(t.app.database.db, owner.id, { title: 'Keep me' });
      const body = buildTask({ title: 'Hijacked' });
      expect((await put(id, undefined, body)).statusCode).toBe(401);
      const forbidden = await put(id, other.cookie, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ message: expect.any(String), code: 'FORBIDDEN' });
      expect(
        (await put('00000000-0000-4000-8000-000000000000', owner.cookie, body)).statusCode,
      ).toBe(404);
      expect((await put('nope', owner.cookie, body)).statusCode).toBe(404);
      expect((await get(id)).json().title).toBe('Keep me');
    });

    it('answers malformed JSON and a missing body with 400 JSON', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      const malformed = await put(id, owner.cookie, '{"title": "x",');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The request body is not valid JSON.');
      const missing = await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/${id}`,
        headers: { origin: jsonHeaders().origin!, cookie: owner.cookie },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: expect.any(String) });
    });

    it('validates the body before anything else', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      const res = await put(id, owner.cookie, { ...buildTask(), deadline: '2030-02-30' });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'body.deadline', message: 'must be a real date (YYYY-MM-DD)' },
      ]);
    });
  });

  describe('DELETE /api/tasks/:id', () => {
    it('lets only the owner delete, and takes the bids with the task', async () => {
      const db = t.app.database.db;
      const id = await insertTask(db, owner.id, { title: 'Short-lived' });
      await insertBid(db, id, other.id);
      await insertBid(db, id, other.id, { status: 'withdrawn' });

      expect((await del(id)).statusCode).toBe(401);
      const forbidden = await del(id, other.cookie);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('You can only delete your own tasks.');

      const res = await del(id, owner.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        acknowledged: true,
        deletedCount: 1,
        message: 'Short-lived has been removed.',
      });
      expect(await db.select().from(bids).where(eq(bids.taskId, id))).toEqual([]);
      expect((await get(id)).statusCode).toBe(404);
      const again = await del(id, owner.cookie);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: 'Task not found' });
    });

    it('answers 404 for a malformed id', async () => {
      expect((await del('123', owner.cookie)).statusCode).toBe(404);
    });
  });
});
