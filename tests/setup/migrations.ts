import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The migrations folder as it was before the migration whose tag ends with `name` (its name
 * without the number, which changes when another lands first): a copy whose journal ends
 * earlier, for a test that fills a database as it was and then migrates it.
 */
export function migrationsBefore(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(name));
  if (at <= 0) throw new Error(`no migration named …${name} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
