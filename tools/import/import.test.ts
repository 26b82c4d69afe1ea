import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixture, importFiles, snapshot } from '../../tests/factories/imports.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { account, bids, legacyTasks, tasks, user } from '../../src/server/platform/db/schema.ts';

const T = (n: number) => `65a0c000000000000000000${n}`;
const B = (n: number) => `65a0c100000000000000000${n}`;

describe('import from the first version: the forms of an export', () => {
  const relaxed = useTestApp();
  const canonical = useTestApp();

  it('a JSON array and one document a line, relaxed and canonical, import the same', async () => {
    // Array of relaxed tasks + lines of relaxed bids; lines of canonical tasks + array of canonical bids.
    await importFiles(relaxed.app.database.db);
    // One task a transaction, three at once: the chunks do not depend on one another.
    await importFiles(canonical.app.database.db, {
      tasksFile: fixture('tasks.jsonl'),
      bidsFile: fixture('bids.json'),
      chunk: 1,
      parallel: 3,
    });
    const a = await snapshot(relaxed.app.database.db);
    expect(a.tasks).toHaveLength(5);
    expect(a.bids).toHaveLength(7);
    expect(await snapshot(canonical.app.database.db)).toEqual(a);
  });

  it('maps every field of a task', async () => {
    const { tasks: rows } = await snapshot(relaxed.app.database.db);
    const byId = new Map(rows.map((r) => [r.oldId, r]));
    expect(byId.get(T(1))).toEqual({
      oldId: T(1),
      owner: 'ana@example.com',
      title: 'Build a landing page',
      description: 'A one-page site for a bakery.',
      imageUrl: 'https://img.example/landing.png',
      priority: 'High',
      category: 'Web Development',
      deadline: '2030-05-01',
      estimatedTime: 12.5,
      budget: 1200.5,
      status: 'Not Started',
      location: 'Lisbon',
      assignedTo: null,
      createdAt: new Date('2024-01-12T10:00:00Z'),
    });
    // `name` is the title when there is none; "$1,200.50" in `price`; http image dropped;
    // "open" is Not Started; no createdAt: the ObjectId's time.
    expect(byId.get(T(2))).toMatchObject({
      title: 'Logo for a cafe',
      owner: 'ben@example.com',
      category: 'Design',
      priority: 'Low',
      budget: 1200.5,
      imageUrl: null,
      status: 'Not Started',
      deadline: '2030-06-01',
      createdAt: new Date('2024-01-12T04:28:48Z'),
    });
    // The day as written, whatever the offset; "3" hours and "100" dollars as text.
    expect(byId.get(T(3))).toMatchObject({
      deadline: '2030-05-20',
      estimatedTime: 3,
      budget: 100,
      status: 'In Progress',
      assignedTo: 'Cara Chen',
      createdAt: new Date('2024-01-13T08:00:00Z'),
    });
    // Owner from `email` (what an edit wrote); with a title, `name` is the owner's name.
    expect(byId.get(T(4))).toMatchObject({
      owner: 'ben@example.com',
      title: 'Plan a trip',
      status: 'Completed',
      assignedTo: 'Dan Diaz',
      budget: 450,
      location: 'Remote',
    });
    // In Progress, but its assignee never bid: it reopens.
    expect(byId.get(T(5))).toMatchObject({ status: 'Not Started', assignedTo: null, budget: null });
  });

  it('maps bids, and the lifecycle: the assignee’s latest bid accepted, the others declined', async () => {
    const { bids: rows } = await snapshot(relaxed.app.database.db);
    const byId = new Map(rows.map((r) => [r.oldId, r]));
    expect(byId.get(B(1))).toEqual({
      oldId: B(1),
      task: T(1),
      bidder: 'ben@example.com',
      amount: 1100,
      deadline: '2030-04-20',
      message: 'I can start on Monday.',
      status: 'pending',
      createdAt: new Date('2024-01-14T09:00:00Z'),
    });
    expect(byId.get(B(2))).toMatchObject({ amount: 1050, deadline: '2030-04-25', message: null });
    expect(byId.get(B(3))?.status).toBe('accepted');
    expect(byId.get(B(4))?.status).toBe('declined');
    expect(byId.get(B(7))?.status).toBe('declined');
    expect(byId.get(B(5))?.status).toBe('accepted');
    expect(byId.get(B(6))).toMatchObject({ status: 'pending', amount: 50.25 });

    const db = relaxed.app.database.db;
    const [assigned] = await db
      .select({ assignee: user.email, accepted: bids.id, status: tasks.status })
      .from(tasks)
      .innerJoin(legacyTasks, eq(legacyTasks.taskId, tasks.id))
      .innerJoin(user, eq(user.id, tasks.assigneeId))
      .innerJoin(bids, eq(bids.id, tasks.acceptedBidId))
      .where(eq(legacyTasks.oldId, T(3)));
    expect(assigned).toMatchObject({ assignee: 'cara@example.com', status: 'In Progress' });
  });

  it('makes one account per e-mail with its name, imported and without a password', async () => {
    const db = relaxed.app.database.db;
    const { people } = await snapshot(db);
    expect(people).toEqual([
      { email: 'ana@example.com', name: 'Ana Alvarez', created: true },
      { email: 'ben@example.com', name: 'Ben Brown', created: true },
      { email: 'cara@example.com', name: 'Cara Chen', created: true },
      { email: 'dan@example.com', name: 'Dan Diaz', created: true },
      { email: 'eve@example.com', name: 'Eve Evans', created: true },
    ]);
    const [passwords] = await db.select({ n: count() }).from(account);
    expect(passwords?.n).toBe(0);
  });

  it('GET /api/tasks/{old id} redirects (308) to the imported task; other ids are not found', async () => {
    const get = (url: string) => relaxed.app.inject({ method: 'GET', url });
    for (const oldId of [T(1), T(1).toUpperCase()]) {
      const res = await get(`/api/tasks/${oldId}`);
      expect(res.statusCode).toBe(308);
      const location = res.headers.location as string;
      expect(location).toMatch(/^\/api\/tasks\/[0-9a-f-]{36}$/);
      const task = await get(location);
      expect(task.json()).toMatchObject({
        _id: location.split('/').at(-1),
        title: 'Build a landing page',
      });
    }
    for (const id of ['65a0c0000000000000000fff', 'not-an-id', '65a0c000000000000000000g']) {
      const res = await get(`/api/tasks/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Task not found' });
    }
  });
});
