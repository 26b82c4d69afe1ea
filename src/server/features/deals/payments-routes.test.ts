import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/payments/fees.ts';
import { dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers } from './jobs.ts';

/*
 * A person's reads of payments (their task's deal, payout status, earnings and CSV, the
 * config) and the operators' list of deals with a deal's ledger lines.
 */
describe('payments reads (PAYMENTS=sandbox)', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, stranger, support, earner] = useUsers(t, 5);
  const h = dealHelpers(t, owner, worker);
  beforeAll(async () => {
    await createOperatorRepository(t.app.database.db, t.app.sessions).setRoleFromConsole(
      support.email,
      'support',
    );
  });

  it('the config names the mode and the fee schedule in force', async () => {
    const config = (await h.call('GET', '/api/payments/config', stranger)).json();
    expect(config).toEqual({
      mode: 'sandbox',
      provider: 'sandbox',
      publishableKey: null,
      feeSchedule: DEFAULT_FEE_SCHEDULE,
    });
  });

  it('a task’s deal for its two sides only, with the reader’s side and the next timer', async () => {
    const { taskId, dealId } = await h.newDeal(100);
    const asOwner = (await h.call('GET', `/api/tasks/${taskId}/deal`, owner)).json();
    expect(asOwner).toMatchObject({ id: dealId, viewerSide: 'owner' });
    // Expires 15 minutes after it was made.
    const expires =
      new Date(asOwner.nextTimerAt).getTime() - new Date(asOwner.stateSince).getTime();
    expect(expires).toBe(15 * 60_000);
    expect((await h.call('GET', `/api/deals/${dealId}`, worker)).json().viewerSide).toBe('worker');
    expect((await h.call('GET', `/api/tasks/${taskId}/deal`, stranger)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/tasks/not-a-task/deal`, owner)).statusCode).toBe(404);
    await h.act(owner, dealId, 'pay', { card: '4242424242424242' });
    const funded = (await h.call('GET', `/api/tasks/${taskId}/deal`, worker)).json();
    expect(funded).toMatchObject({ state: 'funded', viewerSide: 'worker', nextTimerAt: null });
  });

  it('earnings: pending while secured, the balance once released, paid out after set-up; CSV', async () => {
    // A worker of their own: the other tests' deals hold money for `worker`.
    const h = dealHelpers(t, owner, earner);
    const worker = earner;
    const a = await h.funded(100);
    let earnings = (await h.call('GET', '/api/payments/earnings', worker)).json();
    expect(earnings).toMatchObject({
      balance: { amount: 0 },
      pending: { amount: 8500 },
      paidOut: { amount: 0 },
      lines: [],
      nextCursor: null,
    });
    await h.act(owner, a.dealId, 'release');
    expect((await h.call('GET', '/api/payments/payee', worker)).json()).toEqual({ status: 'none' });
    await runDealTimers(t.app.database.db, t.app.config.payments);
    earnings = (await h.call('GET', '/api/payments/earnings', worker)).json();
    // No payout account: the money waits in the earnings.
    expect(earnings).toMatchObject({ balance: { amount: 8500 }, pending: { amount: 0 } });
    expect(earnings.lines).toEqual([
      expect.objectContaining({ kind: 'release', dealId: a.dealId, taskId: a.taskId }),
    ]);
    await h.call('POST', '/api/payments/payee', worker);
    expect((await h.call('GET', '/api/payments/payee', worker)).json().status).toBe('active');
    await runDealTimers(t.app.database.db, t.app.config.payments);
    earnings = (await h.call('GET', '/api/payments/earnings?limit=1', worker)).json();
    expect(earnings).toMatchObject({ balance: { amount: 0 }, paidOut: { amount: 8500 } });
    expect(earnings.lines).toMatchObject([{ kind: 'payout', amount: { amount: -8500 } }]);
    const next = await h.call(
      'GET',
      `/api/payments/earnings?limit=1&cursor=${earnings.nextCursor}`,
      worker,
    );
    expect(next.json()).toMatchObject({ lines: [{ kind: 'release' }], nextCursor: null });
    expect((await h.call('GET', '/api/payments/earnings?cursor=x', worker)).statusCode).toBe(400);

    const csv = await h.call('GET', '/api/payments/earnings.csv', worker);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('"date","kind","deal_id","task_id","task_title","in","out","currency"');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/"payout",.*,"","85\.00","USD"$/);
    expect(rows[2]).toMatch(/"release",.*,"85\.00","","USD"$/);
    // The owner earned nothing.
    expect(
      (await h.call('GET', '/api/payments/earnings.csv', owner)).body.trim().split('\r\n'),
    ).toHaveLength(1);
  });

  it('operators list the deals by state, escalated disputes marked; a deal shows its ledger', async () => {
    const { dealId } = await h.funded(100);
    await h.act(owner, dealId, 'request-cancellation', { reason: 'Too slow', fault: 'worker' });
    await h.act(worker, dealId, 'decline-cancellation', { reason: 'Not true' });
    const list = async () =>
      (await h.call('GET', '/api/admin/deals?state=disputed', support)).json();
    expect((await list()).items).toEqual([
      expect.objectContaining({ id: dealId, state: 'disputed', escalated: false }),
    ]);
    await h.age(dealId, '15 days');
    expect((await list()).items[0].escalated).toBe(true);
    expect((await h.call('GET', '/api/admin/deals', owner)).statusCode).toBe(404);
    const page = (await h.call('GET', '/api/admin/deals?limit=1', support)).json();
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
    const more = await h.call(
      'GET',
      `/api/admin/deals?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`,
      support,
    );
    expect(more.json().items[0].id).not.toBe(page.items[0].id);

    const deal = (await h.call('GET', `/api/admin/deals/${dealId}`, support)).json();
    expect(deal).toMatchObject({
      escalated: true,
      viewerSide: null,
      taskTitle: expect.any(String),
    });
    expect(deal.ledger).toEqual([
      expect.objectContaining({
        kind: 'fund',
        accountKind: 'card',
        amount: { amount: -10_500, currency: 'USD' },
      }),
      expect.objectContaining({
        kind: 'fund',
        accountKind: 'escrow',
        accountOwner: dealId,
        amount: { amount: 10_500, currency: 'USD' },
      }),
      // The sandbox's fee, 2.9 % + 30¢ of $105.00: the platform's cost, not the deal's.
      expect.objectContaining({
        kind: 'processor-fee',
        accountKind: 'processor-fees',
        amount: { amount: 335, currency: 'USD' },
      }),
      expect.objectContaining({
        kind: 'processor-fee',
        accountKind: 'platform-fees',
        amount: { amount: -335, currency: 'USD' },
      }),
    ]);
  });
});

describe('payments config with payments off', () => {
  const t = useTestApp();
  it('says payments are off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toMatchObject({
      mode: 'off',
      feeSchedule: { version: DEFAULT_FEE_SCHEDULE.version },
    });
  });
});
