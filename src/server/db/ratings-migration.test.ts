import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** The migration's name without its number (renumbered when another lands first). */
const MOVED_IN = '_ratings_on_user';

/** The migrations folder as it was before the one named `…name`: a journal that ends earlier. */
function folderBefore(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(name));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('ratings move from profiles to the account row', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it('keeps every rating a database already holds, and starts everyone else at none', async () => {
    await migrate(db, { migrationsFolder: folderBefore(MOVED_IN) });
    await client.exec(`
      insert into "user" (id, name, email) values
        ('rated', 'Rated Rita', 'rita@example.com'),
        ('profile-only', 'Plain Paul', 'paul@example.com'),
        ('no-profile', 'New Nina', 'nina@example.com');
      insert into profiles (user_id, headline, client_rating_sum, client_rating_count,
        freelancer_rating_sum, freelancer_rating_count) values
        ('rated', 'Bookkeeper', 47, 10, 9, 2),
        ('profile-only', 'Painter', 0, 0, 0, 0);
    `);

    await migrate(db, { migrationsFolder: migrations });

    const { rows } = await client.query(`
      select u.id, u.client_rating_sum as cs, u.client_rating_count as cc,
        u.freelancer_rating_sum as fs, u.freelancer_rating_count as fc, p.headline
      from "user" u left join profiles p on p.user_id = u.id order by u.id`);
    expect(rows).toEqual([
      { id: 'no-profile', cs: 0, cc: 0, fs: 0, fc: 0, headline: null },
      { id: 'profile-only', cs: 0, cc: 0, fs: 0, fc: 0, headline: 'Painter' },
      { id: 'rated', cs: 47, cc: 10, fs: 9, fc: 2, headline: 'Bookkeeper' },
    ]);
    const left = await client.query(
      `select column_name from information_schema.columns where table_name = 'profiles' and column_name like '%rating%'`,
    );
    expect(left.rows).toEqual([]);
  });
});
