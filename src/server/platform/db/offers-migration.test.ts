import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from '../../../../tests/setup/migrations.ts';

/** The migration's name without its number (renumbered when another lands first). */
const ONE_OFFER = '_one_offer_per_person';
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const bid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('one offer per person per task, for bids placed before the rule', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it('folds a person’s pending bids into one offer: the newest values, the first place, the rest as history', async () => {
    await migrate(db, { migrationsFolder: migrationsBefore(ONE_OFFER) });
    await client.exec(`
      insert into "user" (id, name, email) values
        ('owner', 'Owner', 'owner@example.com'), ('ann', 'Ann', 'ann@example.com'),
        ('bob', 'Bob', 'bob@example.com');
      insert into tasks (id, owner_id, title, description, priority, category, deadline) values
        ('${T1}', 'owner', 'One', 'Task one', 'Low', 'Design', '2030-01-01'),
        ('${T2}', 'owner', 'Two', 'Task two', 'Low', 'Design', '2030-01-01');
      insert into bids (id, task_id, bidder_id, amount, deadline, message, status, created_at) values
        ('${bid(1)}', '${T1}', 'ann', 120, '2030-02-01', 'first', 'pending', '2026-01-01T10:00:00Z'),
        ('${bid(2)}', '${T1}', 'bob', 90, '2030-02-01', null, 'pending', '2026-01-01T11:00:00Z'),
        ('${bid(3)}', '${T1}', 'ann', 110, '2030-02-02', 'second', 'pending', '2026-01-01T12:00:00Z'),
        ('${bid(4)}', '${T1}', 'ann', 100, '2030-02-03', 'third', 'pending', '2026-01-01T13:00:00Z'),
        ('${bid(5)}', '${T2}', 'ann', 50, '2030-02-01', null, 'declined', '2026-01-01T10:00:00Z'),
        ('${bid(6)}', '${T2}', 'ann', 60, '2030-02-01', null, 'pending', '2026-01-01T11:00:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const { rows } = await client.query(`
      select id, task_id = '${T2}' as on_two, bidder_id as who, amount::float8 as amount,
        message, status, created_at = '2026-01-01T10:00:00Z' as first_place,
        to_char(edited_at at time zone 'UTC', 'HH24:MI') as edited
      from bids order by task_id, created_at, id`);
    expect(rows).toEqual([
      // Ann's three: the newest values, in the place of her first, edited when she last bid.
      {
        id: bid(4),
        on_two: false,
        who: 'ann',
        amount: 100,
        message: 'third',
        status: 'pending',
        first_place: true,
        edited: '13:00',
      },
      {
        id: bid(2),
        on_two: false,
        who: 'bob',
        amount: 90,
        message: null,
        status: 'pending',
        first_place: false,
        edited: null,
      },
      // A declined bid of an earlier round is not an offer: untouched.
      {
        id: bid(5),
        on_two: true,
        who: 'ann',
        amount: 50,
        message: null,
        status: 'declined',
        first_place: true,
        edited: null,
      },
      {
        id: bid(6),
        on_two: true,
        who: 'ann',
        amount: 60,
        message: null,
        status: 'pending',
        first_place: false,
        edited: null,
      },
    ]);
    const history = await client.query(`
      select bid_id, amount::float8 as amount, message, status,
        to_char(replaced_at at time zone 'UTC', 'HH24:MI') as replaced
      from bid_revisions order by replaced_at desc`);
    expect(history.rows).toEqual([
      { bid_id: bid(4), amount: 110, message: 'second', status: 'pending', replaced: '13:00' },
      { bid_id: bid(4), amount: 120, message: 'first', status: 'pending', replaced: '12:00' },
    ]);

    // From now on the database itself refuses a second live offer.
    await expect(
      client.exec(
        `insert into bids (task_id, bidder_id, amount, deadline) values ('${T1}', 'bob', 80, '2030-02-01')`,
      ),
    ).rejects.toThrow(/bids_one_live_offer_idx/);
  }, 90_000);
});
