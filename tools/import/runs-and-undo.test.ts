import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixture, importFiles, snapshot } from '../../tests/factories/imports.ts';
import { apiCall, signUp } from '../../tests/factories/users.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { importedUsers, user } from '../../src/server/platform/db/schema.ts';
import { createImportRepository } from './repository.ts';

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
    // Fay proved her address (the verification link); unverified ones: unverified-address.test.ts.
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, existing.id));
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
