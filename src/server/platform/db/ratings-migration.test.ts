import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from '../../../../tests/setup/migrations.ts';

/** The migration's name without its number (renumbered when another lands first). */
const MOVED_IN = '_ratings_on_user';

describe('ratings move from profiles to the account row', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it('keeps every rating a database already holds, and starts everyone else at none', async () => {
    await migrate(db, { migrationsFolder: migrationsBefore(MOVED_IN) });
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

    await migrate(db, { migrationsFolder: MIGRATIONS });

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
