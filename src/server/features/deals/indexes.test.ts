import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexesUsed, planNodes, seqScansOf } from '../../../../tests/setup/query-plan.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { dealOfCharge, dealOfChargeQuery } from './deal-charges.ts';

/**
 * The planner's own choice, with fresh statistics, on 20,000 deals and 60,000 timeline steps:
 * a processor's event naming a charge finds its deal through the charge indexes (the deal's
 * own charge, a raise's on the timeline), never by a sequential scan (decision 0672).
 */
/** The id the seed gives deal `i`: `md5('deal' || i)::uuid`. */
const idOf = (i: number) =>
  createHash('md5')
    .update(`deal${i}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

describe('indexes: a deal found from a charge id', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  beforeAll(async () => {
    await db().execute(sql`
      insert into deals (id, task_id, bid_id, owner_id, worker_id, state, currency, price,
        booking_fee, service_fee, poster_pays, worker_receives, schedule_version, charge_id)
      select md5('deal' || i)::uuid, gen_random_uuid(), gen_random_uuid(), 'owner', 'worker',
        'funded', 'USD', 10000, 500, 1500, 10500, 8500, '2026-11-27',
        case when i % 4 = 0 then null else 'ch_' || i end
      from generate_series(1, 20000) i`);
    await db().execute(sql`
      insert into deal_events (deal_id, action, actor, from_state, to_state, detail)
      select md5('deal' || (i % 20000 + 1))::uuid,
        case when i % 3 = 0 then 'raise-price' else 'request-payment' end, 'owner',
        'funded', 'funded',
        case when i % 3 = 0 then jsonb_build_object('chargeId', 'ch_raise_' || i, 'difference', 100)
          else '{}'::jsonb end
      from generate_series(1, 60000) i`);
    await db().execute(sql`analyze deals`);
    await db().execute(sql`analyze deal_events`);
  }, 120_000);

  it('reads the deal’s charge and the timeline’s charges by index', async () => {
    const nodes = await planNodes(db(), dealOfChargeQuery(db(), 'ch_12345'));
    for (const table of ['deals', 'deal_events'])
      expect(seqScansOf(nodes, table), table).toEqual([]);
    expect([...indexesUsed(nodes)]).toEqual(
      expect.arrayContaining(['deals_charge_idx', 'deal_events_charge_idx']),
    );
  });

  it('finds the deal of a payment’s charge and of a raise’s', async () => {
    expect(await dealOfCharge(db(), 'ch_12345')).toBe(idOf(12345));
    // Step 300 belongs to deal 301.
    expect(await dealOfCharge(db(), 'ch_raise_300')).toBe(idOf(301));
    expect(await dealOfCharge(db(), 'ch_unknown')).toBeNull();
  });
});
