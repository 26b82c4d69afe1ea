import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/import');

/** `npm run import -- …args` on a fresh embedded database in a folder of its own. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'taskbid-import-cli-'));
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/node'),
    [join(ROOT, 'src/server/import/import-cli.ts'), ...args],
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
});
