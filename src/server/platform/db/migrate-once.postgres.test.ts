import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../../tests/setup/database-url.ts';
import { admin } from '../../../../tests/setup/global-database.ts';
import { openDatabase, type Database } from './client.ts';

const journal = JSON.parse(
  readFileSync(new URL('../../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** Runs on PostgreSQL only: several instances starting at once against one empty database. */
describe('migrations when several instances start together', () => {
  const server = process.env.TEST_DATABASE_URL ?? '';
  const name = `taskbid_migrate_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(server, name);
  beforeAll(() => admin(server, `CREATE DATABASE ${name}`));
  afterAll(() => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('applies each migration exactly once while the other instances wait, then all serve', async () => {
    const opened: Database[] = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase(url)),
    );
    try {
      await Promise.all(opened.map((database) => database.ping()));
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ applied: number; distinct: number }>(
        'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({
        applied: journal.entries.length,
        distinct: journal.entries.length,
      });
    } finally {
      await client.end();
    }
  });
});
