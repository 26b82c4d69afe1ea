import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deals, ledgerAccounts } from '../../src/server/platform/db/schema.ts';
import { reconcile } from '../../src/server/features/payments/index.ts';
import type { TestApp } from '../setup/test-app.ts';
import { buildBid, buildTask } from './tasks.ts';
import { callerFor, type TestUser } from './users.ts';
import { setTimeAgo } from './clock.ts';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
};

/** Deals between an owner and a worker through the API (PAYMENTS=sandbox). */
export function dealHelpers(t: TestApp, owner: TestUser, worker: TestUser) {
  const call = callerFor(t);
  /** A task of `owner` with `worker`'s bid of `amount` dollars accepted: its deal. */
  const newDeal = async (amount = 120.25) => {
    const taskId = (await call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const bidId = (await call('POST', '/api/bids', worker, buildBid(taskId, { amount }))).json()
      .insertedId as string;
    const accepted = await call('POST', `/api/bids/${bidId}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { taskId, bidId, dealId: accepted.json().dealId as string };
  };
  const act = (user: TestUser, dealId: string, path: string, body?: object) =>
    call('POST', `/api/deals/${dealId}/${path}`, user, body);
  const funded = async (amount?: number) => {
    const d = await newDeal(amount);
    const paid = await act(owner, d.dealId, 'pay', { card: CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    return d;
  };
  const state = async (dealId: string) =>
    (await t.app.database.db.select().from(deals).where(eq(deals.id, dealId)))[0]!;
  const escrowOf = async (dealId: string) =>
    (
      await t.app.database.db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerId, dealId))
    )[0]?.balance ?? 0;
  /** Moves the deal's state back in time by `interval` (`'6 days'`). */
  const age = (dealId: string, interval: string) =>
    setTimeAgo(t.app.database.db, deals.stateSince, dealId, interval);
  const balanced = async () => {
    const { totals, mismatched } = await reconcile(t.app.database.db);
    expect(mismatched).toEqual([]);
    for (const total of Object.values(totals)) expect(total).toBe(0);
  };
  return { call, newDeal, act, funded, state, escrowOf, age, balanced };
}
