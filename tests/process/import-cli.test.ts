import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/import');

/** `npm run import -- …args` on a fresh embedded database in a folder of its own. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-cli-'));
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/node'),
    [join(ROOT, 'tools/import/import-cli.ts'), ...args],
    {
      cwd: folder,
      encoding: 'utf8',
      // Vitest sets BASE_URL for the client ('/'); empty means unset.
      env: {
        ...process.env,
        BASE_URL: '',
        DATABASE_URL: join(folder, 'db'),
        LOG_LEVEL: 'silent',
        ...env,
      },
      timeout: 120_000,
    },
  );
  return { ...result, folder };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('npm run import', () => {
  it('imports, prints the summary and writes the rejects file beside', { timeout: 120_000 }, () => {
    const run = runCli([
      '--tasks',
      join(FIXTURES, 'tasks-messy.jsonl'),
      '--bids',
      join(FIXTURES, 'bids-messy.jsonl'),
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('tasks   1 imported, 0 skipped (imported before), 18 rejected');
    expect(run.stdout).toMatch(/Batch [0-9a-f-]{36} \(undo: npm run import -- --undo /);
    const rejects = readFileSync(join(run.folder, 'import-rejects.jsonl'), 'utf8');
    expect(rejects.trim().split('\n')).toHaveLength(24);
    noStackTrace(run.stderr);
  });

  it('stops with one clear message, never a stack trace', { timeout: 120_000 }, () => {
    const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-bad-'));
    const notJson = join(folder, 'tasks.json');
    writeFileSync(notJson, '\u0000\u0001binary garbage\n');
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [['--tasks', notJson], /no document in it could be read/],
      [['--tasks', join(folder, 'nope.json')], /cannot read the file \(ENOENT\)/],
      [[], /Name the files to import/],
      [['--colour', 'blue'], /Unknown option '--colour'/],
      [['--undo', 'yesterday'], /--undo takes the batch id/],
      [
        ['--tasks', join(FIXTURES, 'tasks.json')],
        /Import stopped: /,
        { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      ],
    ];
    for (const [args, message, env] of cases) {
      const run = runCli(args, env);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(message);
      noStackTrace(run.stderr);
    }
  });

  it("rejects a record with a NUL and prints nobody's data", { timeout: 120_000 }, () => {
    const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-nul-'));
    const tasks = join(folder, 'tasks.jsonl');
    const record = (n: number, name: string) =>
      JSON.stringify({
        _id: { $oid: `65a0c600000000000000000${n}` },
        title: `Task ${n}`,
        description: 'Something to do.',
        category: 'Writing',
        deadline: '2030-01-01',
        userEmail: `private-${n}@example.com`,
        userName: name,
      });
    writeFileSync(
      tasks,
      [record(1, 'Ann'), record(2, 'Nul\u0000Name'), record(3, 'Cy')].join('\n'),
    );
    const run = runCli(['--tasks', tasks]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('tasks   2 imported, 0 skipped (imported before), 1 rejected');
    expect(run.stdout).toContain('tasks: invalid character: 1');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/private-\d@example\.com|Ann|Cy\b/);
  });

  it('refuses a file over the size limit before reading it', { timeout: 120_000 }, () => {
    const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-big-'));
    const big = join(folder, 'tasks.json');
    // 540 MB on paper (a sparse file: nothing is written to disk).
    writeFileSync(big, '');
    truncateSync(big, 540 * 1024 * 1024);
    const run = runCli(['--tasks', big]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "tasks.json: 540 MB is over the import's limit of 256 MB a file. Split the export",
    );
    const small = join(folder, 'small.jsonl');
    writeFileSync(small, `${'x'.repeat(2 * 1024 * 1024)}\n`);
    const capped = runCli(['--tasks', small, '--max-file-size', '1']);
    expect(capped.status).toBe(1);
    expect(capped.stderr).toContain("small.jsonl: 2 MB is over the import's limit of 1 MB a file");
    noStackTrace(run.stderr);
  });

  it(
    'a database that refuses the people stops the run without printing them or leaving a batch',
    { timeout: 120_000 },
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'taskbid-import-refused-')), 'db');
      const database = await openDatabase(dir);
      await database.db.execute(sql`
        create function refuse_people() returns trigger language plpgsql as
          $$ begin raise exception 'no new accounts today'; end $$`);
      await database.db.execute(sql`
        create trigger refuse_people before insert on "user"
          for each row execute function refuse_people()`);
      await database.close();

      const run = runCli(['--tasks', join(FIXTURES, 'tasks.json')], { DATABASE_URL: dir });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Import stopped: no new accounts today');
      // Not the statement, nor any value of it: the fixture's people stay unprinted.
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/@example\.com|Alvarez|insert into/i);
      noStackTrace(run.stderr);

      const after = await openDatabase(dir);
      const batches = await after.db.execute(sql`select count(*)::int as n from import_batches`);
      await after.close();
      expect((batches as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    },
  );
});
