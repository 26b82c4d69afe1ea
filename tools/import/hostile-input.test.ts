import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../tests/factories/imports.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { legacyTasks, tasks, user } from '../../src/server/platform/db/schema.ts';
import { ImportStop } from './read-documents.ts';

/** A first-version task record as one line of an export, with `extra` fields merged in. */
const taskLine = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    _id: { $oid: id },
    title: `Task ${id.slice(-2)}`,
    description: 'Something to do.',
    category: 'Writing',
    deadline: '2030-01-01',
    userEmail: `owner-${id.slice(-2)}@example.com`,
    ...extra,
  });

function exportFile(name: string, text: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'taskbid-import-')), name);
  writeFileSync(file, text);
  return file;
}

const GOOD = '65a0c5000000000000000001';

describe('import: hostile records are rejected one by one', () => {
  const t = useTestApp();

  it('rejects a record nested 20,000 deep, even in a dry run, and imports the rest', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const tasksFile = exportFile(
      'tasks.jsonl',
      `${taskLine('65a0c5000000000000000002').slice(0, -1)},"location":${deep}}\n${taskLine(GOOD)}\n`,
    );
    for (const dryRun of [true, false]) {
      const run = await importFiles(t.app.database.db, { tasksFile, bidsFile: null, dryRun });
      expect(run.plan.rejects).toMatchObject([
        { line: 1, reason: 'too deeply nested', detail: 'nested deeper than 16 levels' },
      ]);
      expect(run.plan.counts.tasks.imported).toBe(1);
    }
  });

  it('rejects a NUL or a lone surrogate in any text, keys included, and imports the rest', async () => {
    const tasksFile = exportFile(
      'tasks.jsonl',
      [
        taskLine('65a0c5000000000000000003', { userName: 'Nul\u0000Name' }),
        taskLine('65a0c5000000000000000004', { location: 'half \ud800' }),
        taskLine('65a0c5000000000000000005', { 'bad\u0000key': 1 }),
        taskLine('65a0c5000000000000000006'),
      ].join('\n'),
    );
    const run = await importFiles(t.app.database.db, { tasksFile, bidsFile: null });
    expect(run.plan.rejects.map((r) => [r.line, r.reason, r.detail])).toEqual([
      [1, 'invalid character', 'userName holds a NUL character or a lone surrogate'],
      [2, 'invalid character', 'location holds a NUL character or a lone surrogate'],
      [3, 'invalid character', 'a field name holds a NUL character or a lone surrogate'],
    ]);
    expect(run.plan.counts.tasks.imported).toBe(1);
    expect(run.summary).toContain('tasks: invalid character: 3');
  });

  it('refuses a __proto__ key: its fields are never read as the record’s own', async () => {
    const victim = 'victim-of-proto@example.com';
    const tasksFile = exportFile(
      'tasks.jsonl',
      [
        // No owner of its own: the prototype would have lent it one, and a status.
        JSON.stringify({
          _id: { $oid: '65a0c5000000000000000007' },
          title: 'Borrowed owner',
          description: 'Whose is it?',
          category: 'Writing',
          deadline: '2030-01-01',
        }).replace(/}$/, `,"__proto__":{"userEmail":"${victim}","status":"Completed"}}`),
        // Deeper down too (JSON.parse keeps it as a plain key; copying it set a prototype).
        taskLine('65a0c5000000000000000008', { location: JSON.parse('{"__proto__":{"x":1}}') }),
        taskLine('65a0c5000000000000000009'),
      ].join('\n'),
    );
    const run = await importFiles(t.app.database.db, {
      tasksFile,
      bidsFile: null,
      ignoreUnknownFields: true,
    });
    expect(run.plan.rejects.map((r) => [r.line, r.reason, r.detail])).toEqual([
      [1, 'forbidden key', 'the key "__proto__" is not allowed'],
      [2, 'forbidden key', 'the key "__proto__" is not allowed'],
    ]);
    const owned = await t.app.database.db
      .select({ oldId: legacyTasks.oldId })
      .from(tasks)
      .innerJoin(legacyTasks, eq(legacyTasks.taskId, tasks.id))
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(eq(user.email, victim));
    expect(owned).toEqual([]);
  });

  it('refuses a file over the size limit before reading it, saying what to do', async () => {
    const tasksFile = exportFile('tasks.jsonl', `${taskLine(GOOD)}\n`.repeat(20));
    const run = importFiles(t.app.database.db, {
      tasksFile,
      bidsFile: null,
      maxFileBytes: 1024,
    });
    await expect(run).rejects.toBeInstanceOf(ImportStop);
    await expect(run).rejects.toThrow(
      /tasks\.jsonl: .+ is over the import's limit of 1 KB a file\. Split the export/,
    );
  });
});
