import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  auditLog,
  ledgerTransactions,
  notifications,
  sandboxOperations,
} from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';

/*
 * Changing a deal's price through the API: the worker asks and the poster approves (paying
 * the difference by card) or declines, the poster raises it at once, an operator lowers it;
 * each refused to anyone else, in any other state and for a bad amount, and each moving the
 * money once. A $100 deal: the poster paid $105.00, the worker receives $85.00.
 */
describe('a deal’s price after the payment is secured (PAYMENTS=sandbox)', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, stranger, moderator, support] = useUsers(t, 5);
  const h = dealHelpers(t, owner, worker);
  const db = () => t.app.database.db;
  beforeAll(async () => {
    const operators = createOperatorRepository(db(), t.app.sessions);
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(support.email, 'support');
  });
  const ledgerKinds = async (dealId: string) =>
    (
      await db()
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.ref, dealId))
        .orderBy(ledgerTransactions.createdAt, ledgerTransactions.kind)
    ).map((r) => r.kind);
  /** What `userId` was told under `title` about the deal's task. */
  const told = async (dealId: string, userId: string, title: string) =>
    (
      await db()
        .select({ body: notifications.body })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.title, title),
            eq(notifications.taskId, (await h.state(dealId)).taskId),
          ),
        )
    ).map((n) => n.body);
  const ask = (dealId: string, price: number, reason = 'The wall was bigger') =>
    h.act(worker, dealId, 'ask-price-increase', { price, reason });
  const operatorPrice = (dealId: string, body: object, who = moderator) =>
    h.call('POST', `/api/admin/deals/${dealId}/price`, who, body);

  it('the worker asks for more; the poster approves and pays the difference', async () => {
    const { dealId } = await h.funded(100);
    const asked = await ask(dealId, 15_000);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ price: 10_000, requestedPrice: 15_000, escrow: 10_500 });
    expect(asked.json().timeline.at(-1)).toMatchObject({
      action: 'ask-price-increase',
      actor: 'worker',
      reason: 'The wall was bigger',
      detail: { price: 15_000, difference: 5250 },
    });
    expect(await told(dealId, owner.id, 'More asked for')).toHaveLength(1);
    expect(await told(dealId, worker.id, 'More asked for')).toHaveLength(0);

    const declined = await h.act(owner, dealId, 'approve-price-increase', {
      card: CARDS.declined,
    });
    expect(declined.statusCode).toBe(402);
    expect((await h.state(dealId)).requestedPrice).toBe(15_000);

    const approved = await h.act(owner, dealId, 'approve-price-increase', { card: CARDS.ok });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payment.status).toBe('succeeded');
    // $150: booking fee $7.50, service fee $22.50.
    expect(approved.json().deal).toMatchObject({
      state: 'funded',
      price: 15_000,
      bookingFee: 750,
      serviceFee: 2250,
      posterPays: 15_750,
      workerReceives: 12_750,
      requestedPrice: null,
      escrow: 15_750,
    });
    expect(approved.json().deal.timeline.at(-1)).toMatchObject({
      action: 'approve-price-increase',
      detail: { price: 15_000, difference: 5250 },
    });
    expect(await told(dealId, worker.id, 'Price raised')).toEqual([
      expect.stringContaining('you receive $127.50 after fees'),
    ]);
    expect(await ledgerKinds(dealId)).toEqual([
      'fund',
      'processor-fee',
      'price-increase',
      'processor-fee',
    ]);
    // Released at the new price.
    const released = await h.act(owner, dealId, 'release');
    expect(released.json()).toMatchObject({ workerCredited: 12_750, escrow: 0 });
    await h.balanced();
  });

  it('a double click approves once; the worker’s earnings count the new price', async () => {
    const { dealId } = await h.funded(100);
    const pending = async () =>
      (await h.call('GET', '/api/payments/earnings', worker)).json().pending.amount as number;
    const before = await pending();
    await ask(dealId, 12_000);
    const answers = await Promise.all([
      h.act(owner, dealId, 'approve-price-increase', { card: CARDS.ok }),
      h.act(owner, dealId, 'approve-price-increase', { card: CARDS.ok }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('NO_REQUEST');
    expect(await ledgerKinds(dealId)).toEqual([
      'fund',
      'processor-fee',
      'price-increase',
      'processor-fee',
    ]);
    const charges = await db()
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.dealId, dealId), eq(sandboxOperations.kind, 'charge')));
    // The payment, then the difference ($126.00 − $105.00).
    expect(charges.map((c) => c.amount)).toEqual([10_500, 2100]);
    expect(await h.escrowOf(dealId)).toBe(12_600);
    // The worker receives $102.00 instead of $85.00.
    expect((await pending()) - before).toBe(1700);
    await h.balanced();
  });

  it('refuses asking for more: not the worker, not now, a bad amount, one at a time', async () => {
    const { dealId } = await h.funded(100);
    expect(
      (await h.act(owner, dealId, 'ask-price-increase', { price: 15_000, reason: 'More' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.act(stranger, dealId, 'ask-price-increase', { price: 15_000, reason: 'More' }))
        .statusCode,
    ).toBe(403);
    const same = await ask(dealId, 10_000);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('A new price must be above the current one.');
    const huge = await ask(dealId, 1_000_000_001);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^A price is from \$1\.00 to/);
    expect((await ask(dealId, 15_000.5)).statusCode).toBe(400);
    expect((await ask(dealId, 15_000, '')).statusCode).toBe(400);
    expect((await ask(dealId, 15_000)).statusCode).toBe(200);
    const twice = await ask(dealId, 16_000);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REQUEST_PENDING');
    // Not before the payment is secured, nor once it is released.
    const unpaid = await h.newDeal(50);
    expect((await ask(unpaid.dealId, 15_000)).json().code).toBe('INVALID_STATE');
    const done = await h.funded(100);
    await h.act(owner, done.dealId, 'release');
    expect((await ask(done.dealId, 15_000)).statusCode).toBe(409);
  });

  it('the poster declines: the price stays, the worker may ask again; only the poster answers', async () => {
    const { dealId } = await h.funded(100);
    expect((await h.act(owner, dealId, 'decline-price-increase')).json().code).toBe('NO_REQUEST');
    await ask(dealId, 15_000);
    expect((await h.act(worker, dealId, 'decline-price-increase')).statusCode).toBe(403);
    expect(
      (await h.act(worker, dealId, 'approve-price-increase', { card: CARDS.ok })).statusCode,
    ).toBe(403);
    const declined = await h.act(owner, dealId, 'decline-price-increase');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ price: 10_000, requestedPrice: null, escrow: 10_500 });
    expect(await told(dealId, worker.id, 'Price increase declined')).toHaveLength(1);
    expect(
      (await h.act(owner, dealId, 'approve-price-increase', { card: CARDS.ok })).statusCode,
    ).toBe(409);
    expect((await ask(dealId, 11_000)).statusCode).toBe(200);
    expect(await ledgerKinds(dealId)).toEqual(['fund', 'processor-fee']);
  });

  it('the poster raises the price at once, authenticating the card when asked', async () => {
    const { dealId } = await h.funded(100);
    const raise = (body: object, who = owner) => h.act(who, dealId, 'raise-price', body);
    expect((await raise({ price: 12_000, card: CARDS.ok }, worker)).statusCode).toBe(403);
    expect((await raise({ price: 9000, card: CARDS.ok })).statusCode).toBe(400);
    const asked = await raise({ price: 12_000, card: CARDS.authenticate });
    expect(asked.json().payment.status).toBe('requires-authentication');
    expect((await h.state(dealId)).price).toBe(10_000);
    const done = await h.act(
      owner,
      dealId,
      `charges/${asked.json().payment.chargeId}/authenticate`,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ price: 12_000, posterPays: 12_600, escrow: 12_600 });
    expect(done.json().timeline.at(-1).action).toBe('raise-price');
    expect(await told(dealId, worker.id, 'Price raised')).toHaveLength(1);
    // While the worker's request waits, the poster answers it first.
    await ask(dealId, 13_000);
    expect((await raise({ price: 14_000, card: CARDS.ok })).json().code).toBe('REQUEST_PENDING');
    await h.balanced();
  });

  it('an operator lowers the price with a reason: the difference goes back, audited', async () => {
    const { dealId } = await h.funded(200);
    await ask(dealId, 25_000);
    expect(
      (await operatorPrice(dealId, { action: 'lower', price: 15_000, reason: 'Agreed' }, support))
        .statusCode,
    ).toBe(403);
    // Not an operator: the console's routes are not there for them.
    expect(
      (
        await h.call('POST', `/api/admin/deals/${dealId}/price`, owner, {
          action: 'lower',
          price: 15_000,
          reason: 'Agreed',
        })
      ).statusCode,
    ).toBe(404);
    expect((await operatorPrice(dealId, { action: 'lower', price: 15_000 })).statusCode).toBe(400);
    const up = await operatorPrice(dealId, { action: 'lower', price: 30_000, reason: 'Agreed' });
    expect(up.json().message).toBe('A lower price must be below the current one.');
    const lowered = await operatorPrice(dealId, {
      action: 'lower',
      price: 15_000,
      reason: 'Both agreed by mail',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    // $200 → $150: the poster paid $210.00, now $157.50; $52.50 goes back.
    expect(lowered.json()).toMatchObject({
      price: 15_000,
      posterPays: 15_750,
      workerReceives: 12_750,
      requestedPrice: null,
      escrow: 15_750,
    });
    expect(lowered.json().timeline.at(-1)).toMatchObject({
      action: 'lower-price',
      actor: 'operator',
      reason: 'Both agreed by mail',
      detail: { refunded: 5250 },
    });
    const refunds = await db()
      .select({ amount: sandboxOperations.amount })
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.dealId, dealId), eq(sandboxOperations.kind, 'refund')));
    expect(refunds).toEqual([{ amount: 5250 }]);
    expect(await told(dealId, owner.id, 'Price lowered')).toEqual([
      expect.stringContaining('$52.50 goes back to your card'),
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, dealId));
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['deal.lower-price', 'Both agreed by mail'],
    ]);
    // Cancelled later, the poster gets back what is held now.
    await h.act(owner, dealId, 'request-cancellation', { reason: 'Stop', fault: 'nobody' });
    const cancelled = await h.act(worker, dealId, 'agree-cancellation');
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', escrow: 0 });
    expect(await ledgerKinds(dealId)).toEqual([
      'fund',
      'processor-fee',
      'price-decrease',
      'refund',
    ]);
    await h.balanced();
  });

  it('an operator asks for more or declines for a side, with a reason, audited; never in a wrong state', async () => {
    const { dealId } = await h.funded(100);
    expect(
      (await operatorPrice(dealId, { action: 'decline-increase', reason: 'By phone' })).statusCode,
    ).toBe(409);
    const asked = await operatorPrice(dealId, {
      action: 'ask-increase',
      price: 12_000,
      reason: 'Worker by phone',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().timeline.at(-1)).toMatchObject({
      action: 'ask-price-increase-by-operator',
      actor: 'operator',
    });
    const declined = await operatorPrice(dealId, {
      action: 'decline-increase',
      reason: 'Owner by phone',
    });
    expect(declined.json()).toMatchObject({ requestedPrice: null, price: 10_000 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, dealId));
    expect(audit.map((a) => a.action)).toEqual([
      'deal.ask-price-increase-by-operator',
      'deal.decline-price-increase-by-operator',
    ]);
    await h.act(owner, dealId, 'release');
    expect(
      (await operatorPrice(dealId, { action: 'lower', price: 5000, reason: 'Late' })).statusCode,
    ).toBe(409);
  });

  it('a request left waiting lapses once the deal moves on', async () => {
    const { dealId } = await h.funded(100);
    await ask(dealId, 12_000);
    await h.act(worker, dealId, 'request-cancellation', {
      reason: 'Cannot go on',
      fault: 'worker',
    });
    expect((await h.state(dealId)).requestedPrice).toBeNull();
    expect(
      (await h.act(owner, dealId, 'approve-price-increase', { card: CARDS.ok })).statusCode,
    ).toBe(409);
  });
});
