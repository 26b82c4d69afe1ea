import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { bidFieldColumns } from '../../src/server/features/bids/columns.ts';
import { taskFieldColumns } from '../../src/server/features/tasks/columns.ts';
import {
  bids,
  importedUsers,
  legacyBids,
  legacyTasks,
  tasks,
  user,
} from '../../src/server/platform/db/schema.ts';
import { runImport, type ImportOptions } from '../../tools/import/run.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/import');

/** A hand-written first-version export in `tests/fixtures/import`. */
export const fixture = (name: string) => join(FIXTURES, name);

/** Runs the import of the fixture exports (tasks.json, bids.jsonl) or the files given. */
export function importFiles(db: Db, options: Partial<ImportOptions> = {}) {
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
export async function snapshot(db: Db) {
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
