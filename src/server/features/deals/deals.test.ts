import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { auditLog, ledgerTransactions } from '../../platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers } from './jobs.ts';

/*
 * Payment protection through the API: every transition by the one who may, refused (403) to
 * anyone else and (409) in any other state, with the money each moves.
 */
describe('deals (PAYMENTS=sandbox)', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, stranger, moderator] = useUsers(t, 4);
  const h = dealHelpers(t, owner, worker);
  beforeAll(async () => {
    await createOperatorRepository(t.app.database.db, t.app.sessions).setRoleFromConsole(
      moderator.email,
      'moderator',
    );
  });
  const timers = () => runDealTimers(t.app.database.db, t.app.config.payments);
  const ledgerKinds = async (dealId: string) =>
    (
      await t.app.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.ref, dealId))
        .orderBy(ledgerTransactions.createdAt, ledgerTransactions.kind)
    ).map((r) => r.kind);

  it('accepting a bid and securing its payment freezes the quote onto the deal', async () => {
    const { dealId, taskId } = await h.newDeal(1200);
    const deal = (await h.call('GET', `/api/deals/${dealId}`, worker)).json();
    expect(deal).toMatchObject({
      taskId,
      state: 'awaiting-payment',
      price: 120_000,
      bookingFee: 5000,
      serviceFee: 13_500,
      posterPays: 125_000,
      workerReceives: 106_500,
      scheduleVersion: '2026-11-27',
      escrow: 0,
    });
    expect((await h.call('GET', `/api/deals/${dealId}`, stranger)).statusCode).toBe(403);
    // One deal going on per task; only its owner makes one.
    expect((await h.call('POST', `/api/tasks/${taskId}/deal`, owner)).statusCode).toBe(409);
    expect((await h.call('POST', `/api/tasks/${taskId}/deal`, worker)).statusCode).toBe(403);
  });

  it('pays with the test cards: declined 402, authentication then paid, success funds escrow', async () => {
    const { dealId } = await h.newDeal(100);
    expect((await h.act(worker, dealId, 'pay', { card: CARDS.ok })).statusCode).toBe(403);
    const declined = await h.act(owner, dealId, 'pay', { card: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('CARD_DECLINED');
    expect((await h.state(dealId)).state).toBe('awaiting-payment');

    const asked = await h.act(owner, dealId, 'pay', { card: CARDS.authenticate });
    expect(asked.json().payment.status).toBe('requires-authentication');
    // Clicking again gets the same charge, not a second one.
    const again = await h.act(owner, dealId, 'pay', { card: CARDS.authenticate });
    expect(again.json().payment.chargeId).toBe(asked.json().payment.chargeId);
    expect(await h.escrowOf(dealId)).toBe(0);
    const path = `charges/${asked.json().payment.chargeId}/authenticate`;
    expect((await h.act(stranger, dealId, path)).statusCode).toBe(403);
    const done = await h.act(owner, dealId, path);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'funded', escrow: 10_500 });
    expect((await h.act(owner, dealId, 'pay', { card: CARDS.ok })).statusCode).toBe(409);
    expect(await ledgerKinds(dealId)).toEqual(['fund', 'processor-fee']);
    await h.balanced();
  });

  it('worker asks, owner asks for changes, worker asks again, owner releases; then paid out', async () => {
    const { dealId } = await h.funded(100);
    expect((await h.act(owner, dealId, 'request-payment')).statusCode).toBe(403);
    expect((await h.act(worker, dealId, 'request-payment')).json().state).toBe('payment-requested');
    expect((await h.act(worker, dealId, 'request-payment')).statusCode).toBe(409);
    expect((await h.act(owner, dealId, 'ask-changes', {})).statusCode).toBe(400);
    const changes = await h.act(owner, dealId, 'ask-changes', { reason: 'The logo is blurry' });
    expect(changes.json()).toMatchObject({ state: 'funded' });
    await h.act(worker, dealId, 'request-payment');
    expect((await h.act(worker, dealId, 'release')).statusCode).toBe(403);
    const released = await h.act(owner, dealId, 'release');
    expect(released.json()).toMatchObject({ state: 'released', escrow: 0, workerCredited: 8500 });
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(409);

    // Paid out only once the worker can receive money.
    await timers();
    expect((await h.state(dealId)).state).toBe('released');
    expect((await h.call('POST', '/api/payments/payee', worker)).json()).toEqual({
      status: 'active',
    });
    await timers();
    expect((await h.state(dealId)).state).toBe('paid-out');
    expect(await ledgerKinds(dealId)).toEqual(['fund', 'processor-fee', 'release', 'payout']);
    const view = (await h.call('GET', `/api/deals/${dealId}`, owner)).json();
    expect(view.timeline.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'pay',
      'request-payment',
      'ask-changes',
      'request-payment',
      'release',
      'payout',
    ]);
    expect(view.timeline[3]).toMatchObject({ actor: 'owner', reason: 'The logo is blurry' });
    await h.balanced();
  });

  it('an unpaid deal expires after 15 minutes; the poster may withdraw one before paying', async () => {
    const a = await h.newDeal();
    await timers();
    expect((await h.state(a.dealId)).state).toBe('awaiting-payment');
    await h.age(a.dealId, '16 minutes');
    await timers();
    expect((await h.state(a.dealId)).state).toBe('expired');
    expect((await h.act(owner, a.dealId, 'pay', { card: CARDS.ok })).statusCode).toBe(409);
    // Expired, the bid is pending again: accepting it again makes a new deal.
    const again = await h.call('POST', `/api/bids/${a.bidId}/accept`, owner);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().dealId).not.toBe(a.dealId);

    const b = await h.newDeal();
    expect((await h.act(worker, b.dealId, 'withdraw')).statusCode).toBe(403);
    expect((await h.act(owner, b.dealId, 'withdraw')).json().state).toBe('cancelled');
  });

  it('the payment releases itself 5 days after it was asked for', async () => {
    const { dealId } = await h.funded();
    await h.act(worker, dealId, 'request-payment');
    await h.age(dealId, '4 days 23 hours');
    await timers();
    expect((await h.state(dealId)).state).toBe('payment-requested');
    await h.age(dealId, '5 days 1 minute');
    await timers();
    // Released, and paid out in the same run once the worker can receive money.
    expect(await ledgerKinds(dealId)).toContain('release');
    expect(['released', 'paid-out']).toContain((await h.state(dealId)).state);
    expect(await h.escrowOf(dealId)).toBe(0);
  });

  it('a cancellation agreed: the other side agrees, money back (booking fee kept if the poster is at fault)', async () => {
    const a = await h.funded(100);
    const asked = await h.act(worker, a.dealId, 'request-cancellation', {
      reason: 'I fell ill',
      fault: 'worker',
    });
    expect(asked.json()).toMatchObject({
      state: 'cancellation-requested',
      cancellationRequestedBy: 'worker',
    });
    expect((await h.act(worker, a.dealId, 'agree-cancellation')).statusCode).toBe(403);
    expect((await h.act(stranger, a.dealId, 'agree-cancellation')).statusCode).toBe(403);
    const agreed = await h.act(owner, a.dealId, 'agree-cancellation');
    expect(agreed.json()).toMatchObject({ state: 'cancelled', escrow: 0 });
    expect(agreed.json().timeline.at(-1).detail.refunded).toBe(10_500);

    const b = await h.funded(100);
    await h.act(owner, b.dealId, 'request-cancellation', {
      reason: 'Changed my mind',
      fault: 'owner',
    });
    const back = await h.act(worker, b.dealId, 'agree-cancellation');
    expect(back.json().timeline.at(-1).detail.refunded).toBe(10_000);
    expect(await ledgerKinds(b.dealId)).toEqual(['fund', 'processor-fee', 'refund']);
    await h.balanced();
  });

  it('a cancellation declined, or unanswered for 48 hours, is a dispute an operator rules on', async () => {
    const a = await h.funded(100);
    await h.act(owner, a.dealId, 'request-cancellation', { reason: 'Too slow', fault: 'worker' });
    const declined = await h.act(worker, a.dealId, 'decline-cancellation', { reason: 'Not true' });
    expect(declined.json().state).toBe('disputed');

    const b = await h.funded(100);
    await h.act(owner, b.dealId, 'request-cancellation', { reason: 'Too slow', fault: 'worker' });
    await h.age(b.dealId, '47 hours');
    await timers();
    expect((await h.state(b.dealId)).state).toBe('cancellation-requested');
    await h.age(b.dealId, '49 hours');
    await timers();
    expect((await h.state(b.dealId)).state).toBe('disputed');

    const rule = (dealId: string, body: object, who = moderator) =>
      h.call('POST', `/api/admin/deals/${dealId}/rule`, who, body);
    expect((await rule(a.dealId, { outcome: 'release', reason: 'x' }, owner)).statusCode).toBe(404);
    expect(
      (await rule(a.dealId, { outcome: 'split', reason: 'Half done', workerShare: 10_000 }))
        .statusCode,
    ).toBe(400);
    const split = await rule(a.dealId, {
      outcome: 'split',
      reason: 'Half done',
      workerShare: 5000,
    });
    expect(split.statusCode, split.body).toBe(200);
    // Half the price: $50 less 15 % to the worker; $50 back to the card; fees to the platform.
    expect(split.json()).toMatchObject({ state: 'released', escrow: 0, workerCredited: 4250 });
    expect(split.json().timeline.at(-1).detail.refunded).toBe(5000);
    expect((await rule(a.dealId, { outcome: 'refund', reason: 'Again' })).statusCode).toBe(409);

    const refunded = await rule(b.dealId, { outcome: 'refund', reason: 'No work delivered' });
    expect(refunded.json()).toMatchObject({ state: 'cancelled', escrow: 0 });
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, b.dealId));
    expect(audit).toMatchObject([
      {
        action: 'deal.rule-refund',
        actorId: moderator.id,
        reason: 'No work delivered',
        targetType: 'deal',
      },
    ]);
    await h.balanced();
  });

  it('an operator takes a side’s step with a reason, audited; never in a wrong state', async () => {
    const { dealId } = await h.funded();
    const act = (body: object) => h.call('POST', `/api/admin/deals/${dealId}/act`, moderator, body);
    expect((await act({ action: 'release-by-operator' })).statusCode).toBe(400);
    expect(
      (await act({ action: 'ask-changes-by-operator', reason: 'Owner asked by phone' })).statusCode,
    ).toBe(409);
    const released = await act({ action: 'release-by-operator', reason: 'Owner asked by phone' });
    expect(released.json()).toMatchObject({ state: 'released', escrow: 0 });
    expect(released.json().timeline.at(-1)).toMatchObject({
      actor: 'operator',
      reason: 'Owner asked by phone',
    });
    const read = await h.call('GET', `/api/admin/deals/${dealId}`, moderator);
    expect(read.json().state).toBe('released');
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, dealId));
    expect(audit.map((a) => a.action)).toEqual(['deal.release-by-operator']);
  });
});

describe('deals with payments off (the default)', () => {
  const t = useTestApp();
  const [owner] = useUsers(t, 1);
  it('has no deal routes and no timers', async () => {
    const call = dealHelpers(t, owner, owner).call;
    const res = await call('POST', `/api/tasks/00000000-0000-4000-8000-000000000000/deal`, owner);
    expect(res.statusCode).toBe(404);
    expect(t.app.config.payments).toEqual({ mode: 'off' });
    expect(await runDealTimers(t.app.database.db, t.app.config.payments)).toBe(0);
  });
});

describe('a task whose payment is secured', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker] = useUsers(t, 2);
  const h = dealHelpers(t, owner, worker);
  it('keeps its worker: the assignment is not cancelled under a deal going on', async () => {
    const { taskId, dealId } = await h.funded();
    const cancel = () =>
      h.call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
        reason: 'Changed my mind',
      });
    const refused = await cancel();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DEAL_GOING_ON');
    await h.act(owner, dealId, 'request-cancellation', {
      reason: 'Changed my mind',
      fault: 'owner',
    });
    await h.act(worker, dealId, 'agree-cancellation');
    expect((await cancel()).statusCode).toBe(200);
  });
});

describe('a person’s deals in their download', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker] = useUsers(t, 2);
  const h = dealHelpers(t, owner, worker);
  it('lists the deals on either side and the steps they took with their reasons', async () => {
    const { dealId } = await h.funded(100);
    await h.act(worker, dealId, 'request-cancellation', {
      reason: 'My van broke',
      fault: 'worker',
    });
    const data = (await h.call('GET', '/api/account/export', worker)).json();
    expect(data.deals.list).toEqual([
      expect.objectContaining({ id: dealId, as: 'worker', state: 'cancellation-requested' }),
    ]);
    expect(data.deals.stepsTaken).toEqual([
      expect.objectContaining({
        dealId,
        action: 'worker-requests-cancellation',
        reason: 'My van broke',
      }),
    ]);
    expect((await h.call('GET', '/api/account/export', owner)).json().deals.list[0].as).toBe(
      'poster',
    );
  });
});
