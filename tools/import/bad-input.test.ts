import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixture, importFiles } from '../../tests/factories/imports.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { legacyTasks, tasks } from '../../src/server/platform/db/schema.ts';
import { ImportStop } from './read-documents.ts';

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
