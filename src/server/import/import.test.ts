import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCall, signUp } from '../../../tests/factories/users.ts';
import { useTestApp } from '../../../tests/setup/test-app.ts';
import type { Db } from '../db/client.ts';
import { bidFieldColumns, taskFieldColumns } from '../db/columns.ts';
import {
  account,
  bids,
  importedUsers,
  legacyBids,
  legacyTasks,
  tasks,
  user,
} from '../db/schema.ts';
import { createImportRepository } from './repository.ts';
import { ImportStop } from './read-documents.ts';
import { runImport, type ImportOptions } from './run.ts';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/import');
const fixture = (name: string) => join(FIXTURES, name);
const T = (n: number) => `65a0c000000000000000000${n}`;
const B = (n: number) => `65a0c100000000000000000${n}`;

function importFiles(db: Db, options: Partial<ImportOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-import-'));
  return runImport(db, {
    tasksFile: fixture('tasks.json'),
    bidsFile: fixture('bids.jsonl'),
    dryRun: false,
    rejectsFile: join(dir, 'rejects.jsonl'),
    ignoreUnknownFields: false,
    ...options,
  });
}

/** Everything an import wrote, without the new ids (which differ between databases). */
async function snapshot(db: Db) {
  const taskRows = await db
    .select({
      oldId: legacyTasks.oldId,
      owner: user.email,
      ...taskFieldColumns,
      createdAt: tasks.createdAt,
    })
    .from(tasks)
    .innerJoin(legacyTasks, eq(legacyTasks.taskId, tasks.id))
    .innerJoin(user, eq(user.id, tasks.ownerId))
    .orderBy(asc(legacyTasks.oldId));
  const bidRows = await db
    .select({
      oldId: legacyBids.oldId,
      task: legacyTasks.oldId,
      bidder: user.email,
      ...bidFieldColumns,
    })
    .from(bids)
    .innerJoin(legacyBids, eq(legacyBids.bidId, bids.id))
    .innerJoin(legacyTasks, eq(legacyTasks.taskId, bids.taskId))
    .innerJoin(user, eq(user.id, bids.bidderId))
    .orderBy(asc(legacyBids.oldId));
  const people = await db
    .select({ email: user.email, name: user.name, created: importedUsers.createdAccount })
    .from(user)
    .innerJoin(importedUsers, eq(importedUsers.userId, user.id))
    .orderBy(asc(user.email));
  return { tasks: taskRows, bids: bidRows, people };
}

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

describe('import: bad input', () => {
  const t = useTestApp();

  it('rejects each bad record with its reason, in the summary and the rejects file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskbid-import-'));
    const rejectsFile = join(dir, 'rejects.jsonl');
    const result = await importFiles(t.app.database.db, {
      tasksFile: fixture('tasks-messy.jsonl'),
      bidsFile: fixture('bids-messy.jsonl'),
      rejectsFile,
    });
    const rejects = readFileSync(rejectsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; line: number; reason: string; detail: string });
    const reasons = rejects.map((r) => `${r.kind} ${r.line}: ${r.reason}`);
    expect(reasons).toEqual([
      'task 2: unknown category',
      'task 3: missing category',
      'task 4: missing title',
      'task 5: budget not a number',
      'task 6: wrong type',
      'task 7: deadline not a date',
      'task 8: deadline not a date',
      'task 9: unknown status',
      'task 10: invalid e-mail',
      'task 11: unknown field',
      'task 12: duplicate _id',
      'task 13: _id not an ObjectId',
      'task 14: unreadable',
      'task 15: unreadable',
      'task 16: unreadable',
      'task 17: budget out of range',
      'task 18: deadline out of range',
      'task 19: truncated',
      'bid 1: bid on own task',
      'bid 2: unknown task',
      'bid 3: task rejected',
      'bid 4: amount out of range',
      'bid 5: missing amount',
      'bid 6: missing taskId',
    ]);
    expect(rejects.find((r) => r.line === 2)?.detail).toBe('unknown category "Cooking"');
    expect(rejects.find((r) => r.line === 11)?.detail).toMatch(/unknown field "skills"/);
    expect(rejects.find((r) => r.line === 14)?.detail).toMatch(/\$binary/);
    expect(result.summary).toContain(
      'tasks   1 imported, 0 skipped (imported before), 18 rejected',
    );
    expect(result.summary).toContain('bids    2 imported, 0 skipped (imported before), 6 rejected');
    expect(result.summary).toContain('tasks: unknown category: 1');
    expect(result.summary).toContain('tasks: priority unknown: set Medium: 1');
    // The one good task, with its invalid "kept where valid" values dropped.
    const [fixed] = await t.app.database.db
      .select({ priority: tasks.priority, hours: tasks.estimatedTime, location: tasks.location })
      .from(tasks)
      .innerJoin(legacyTasks, eq(legacyTasks.taskId, tasks.id))
      .where(eq(legacyTasks.oldId, '65a0c2000000000000000001'));
    expect(fixed).toEqual({ priority: 'Medium', hours: null, location: null });
  });

  it('imports records with unknown fields without them when asked', async () => {
    const result = await importFiles(t.app.database.db, {
      tasksFile: fixture('tasks-messy.jsonl'),
      bidsFile: null,
      ignoreUnknownFields: true,
    });
    expect(result.plan.counts.tasks).toMatchObject({ imported: 1, skipped: 1 });
  });

  it('rejects a 50 MB description with its reason, and nothing of it is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskbid-import-'));
    const tasksFile = join(dir, 'big.jsonl');
    const doc = (id: string, description: string) =>
      JSON.stringify({
        _id: { $oid: id },
        title: 'Huge',
        description,
        category: 'Writing',
        deadline: '2030-01-01',
        userEmail: 'huge@example.com',
      });
    writeFileSync(
      tasksFile,
      `${doc('65a0c4000000000000000001', 'x'.repeat(50 * 1024 * 1024))}\n${doc('65a0c4000000000000000002', 'short')}\n`,
    );
    const result = await importFiles(t.app.database.db, { tasksFile, bidsFile: null });
    expect(result.plan.rejects).toMatchObject([
      {
        line: 1,
        reason: 'description too long',
        detail: expect.stringMatching(/52,428,800 characters/),
      },
    ]);
    expect(result.plan.counts.tasks.imported).toBe(1);
  });

  it('stops before writing anything when a file is not an export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskbid-import-'));
    const notJson = join(dir, 'tasks.csv');
    writeFileSync(notJson, 'title,budget\nLogo,100\n');
    const pretty = join(dir, 'pretty.json');
    writeFileSync(pretty, '{\n  "_id": {"$oid": "65a0c4000000000000000009"}\n}\n');
    const trailing = join(dir, 'trailing.json');
    writeFileSync(trailing, '[{"_id": {"$oid": "65a0c4000000000000000009"}}] extra');
    const [before] = await t.app.database.db.select({ n: count() }).from(tasks);
    for (const [file, message] of [
      [notJson, /no document in it could be read \(line 1: not JSON/],
      [pretty, /mongoexport --pretty/],
      [trailing, /more after the array/],
      [join(dir, 'missing.json'), /cannot read the file \(ENOENT\)/],
    ] as const) {
      const run = importFiles(t.app.database.db, { tasksFile: file, bidsFile: null });
      await expect(run).rejects.toBeInstanceOf(ImportStop);
      await expect(run).rejects.toThrow(message);
    }
    const [after] = await t.app.database.db.select({ n: count() }).from(tasks);
    expect(after?.n).toBe(before?.n);
  });
});

describe('import: twice, dry run, existing accounts, undo', () => {
  const t = useTestApp();

  it('a dry run writes nothing and prints exactly what the real run then does', async () => {
    const db = t.app.database.db;
    const dry = await importFiles(db, { dryRun: true });
    expect(await snapshot(db)).toEqual({ tasks: [], bids: [], people: [] });
    const [users] = await db.select({ n: count() }).from(user);
    expect(users?.n).toBe(0);
    const real = await importFiles(db);
    const body = (summary: string) =>
      summary
        .split('\n')
        .slice(1)
        .filter((l) => !l.startsWith('Batch'));
    expect(body(real.summary)).toEqual(body(dry.summary));
    expect(real.summary).toMatch(/^Import done:/);
    expect(dry.summary).toMatch(/^Dry run: nothing was written/);
  });

  it('a second run skips every record and duplicates nothing', async () => {
    const db = t.app.database.db;
    const before = await snapshot(db);
    const again = await importFiles(db, {
      tasksFile: fixture('tasks.jsonl'),
      bidsFile: fixture('bids.json'),
    });
    expect(again.plan.counts).toEqual({
      tasks: { imported: 0, skipped: 5, rejected: 0 },
      bids: { imported: 0, skipped: 7, rejected: 0 },
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('undo removes what a run imported and the accounts nobody claimed', async () => {
    const db = t.app.database.db;
    const existing = await signUp(t.app, { email: 'fay@example.com', name: 'Fay Existing' });
    const run = await importFiles(db, {
      tasksFile: fixture('tasks-messy.jsonl'),
      bidsFile: fixture('bids-messy.jsonl'),
    });
    const [fay] = await db
      .select({ name: user.name, created: importedUsers.createdAccount })
      .from(user)
      .innerJoin(importedUsers, eq(importedUsers.userId, user.id))
      .where(eq(user.email, 'fay@example.com'));
    // An existing account keeps its name and password, and gains the work.
    expect(fay).toEqual({ name: 'Fay Existing', created: false });
    const signIn = await apiCall(t.app, 'POST', '/api/auth/sign-in/email', undefined, {
      email: existing.email,
      password: existing.password,
    });
    expect(signIn.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?email=${existing.email}`,
      headers: { cookie: existing.cookie },
    });
    expect(mine.json<{ title: string }[]>().map((x) => x.title)).toEqual(['Fix a leaking tap']);

    const undone = await createImportRepository(db).undo(run.batchId!);
    expect(undone).toEqual({ tasks: 1, bids: 2, accounts: 1 });
    const emails = (await db.select({ email: user.email }).from(user)).map((u) => u.email);
    expect(emails).toContain('fay@example.com');
    expect(emails).not.toContain('gus@example.com');
    expect(await createImportRepository(db).undo(run.batchId!)).toBeNull();
  });
});
