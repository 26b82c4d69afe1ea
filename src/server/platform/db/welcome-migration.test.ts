import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from '../../../../tests/setup/migrations.ts';

/** The migration's name without its number (renumbered when another lands first). */
const MOVED_IN = '_welcome_goal';

describe('the welcome is for new accounts only', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it('accounts that existed are welcomed already; one made afterwards is pending', async () => {
    await migrate(db, { migrationsFolder: migrationsBefore(MOVED_IN) });
    await client.exec(`
      insert into "user" (id, name, email, created_at) values
        ('old', 'Old Olga', 'olga@example.com', '2026-01-02T03:04:05Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });
    await client.exec(
      `insert into "user" (id, name, email) values ('new', 'New Nina', 'nina@example.com')`,
    );

    const { rows } = await client.query(
      `select id, goal, welcomed_at = created_at as welcomed from "user" order by id`,
    );
    expect(rows).toEqual([
      { id: 'new', goal: null, welcomed: null },
      { id: 'old', goal: null, welcomed: true },
    ]);
    await expect(client.exec(`update "user" set goal = 'spy' where id = 'new'`)).rejects.toThrow(
      /user_goal_check/,
    );
  });
});
