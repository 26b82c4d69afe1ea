/**
 * The databases of `npm run bench:api`: marked as its own with a comment, seeded with the
 * project's seed CLI at a size, and reused while that size matches.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withDatabase } from '../../tests/setup/database-url.ts';
import { ownDatabase, query } from '../databases.ts';
import { NODE, ROOT } from '../server.ts';

export const MARK = 'created by npm run bench:api';

/** A database with exactly `tasks` and `bids` from the project's seed; returns its URL. */
export async function benchDatabase(
  adminUrl: string,
  name: string,
  tasks: number,
  bids: number,
): Promise<string> {
  const url = withDatabase(adminUrl, name);
  const done = `${MARK}: ${tasks} tasks, ${bids} bids`;
  const made = await ownDatabase(adminUrl, name, {
    mark: MARK,
    comment: `${MARK}: seeding`,
    keep: done,
  });
  if (!made) {
    process.stdout.write(`Reusing ${name} (${tasks} tasks, ${bids} bids).\n`);
    return url;
  }
  process.stdout.write(`Seeding ${name}: ${tasks} tasks, ${bids} bids…\n`);
  const seed = spawnSync(
    NODE,
    [join(ROOT, 'tools/seed/seed-cli.ts'), '--tasks', String(tasks), '--bids', String(bids)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' } },
  );
  if (seed.status !== 0) throw new Error(`seeding ${name} failed`);
  await query(adminUrl, `comment on database "${name}" is '${done}'`);
  return url;
}
