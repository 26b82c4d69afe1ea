import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { ledgerTransactions, sandboxOperations } from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers } from './jobs.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from './sandbox.ts';

/*
 * Money moves once whatever arrives at the same moment: a double click, a click racing the
 * timer, two operators, an event the provider delivers twice. (On PostgreSQL these truly
 * run at once; the deal's row lock orders them.)
 */
describe('deals under concurrency', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, first, second] = useUsers(t, 4);
  const h = dealHelpers(t, owner, worker);
  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    await operators.setRoleFromConsole(first.email, 'moderator');
    await operators.setRoleFromConsole(second.email, 'moderator');
  });
  const moves = async (dealId: string) =>
    (
      await t.app.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.ref, dealId))
    )
      .map((r) => r.kind)
      .sort();
  const codes = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it('a double Release releases once', async () => {
    const { dealId } = await h.funded();
    const answers = await Promise.all([
      h.act(owner, dealId, 'release'),
      h.act(owner, dealId, 'release'),
    ]);
    expect(codes(answers)).toEqual([200, 409]);
    expect(await moves(dealId)).toEqual(['fund', 'processor-fee', 'release']);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });

  it('Release racing the automatic release moves the money once', async () => {
    const { dealId } = await h.funded();
    await h.act(worker, dealId, 'request-payment');
    await h.age(dealId, '6 days');
    const [clicked] = await Promise.all([
      h.act(owner, dealId, 'release'),
      runDealTimers(t.app.database.db, t.app.config.payments),
    ]);
    expect([200, 409]).toContain(clicked.statusCode);
    expect((await moves(dealId)).filter((k) => k === 'release')).toEqual(['release']);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });

  it('two operators ruling at once: one ruling stands', async () => {
    const { dealId } = await h.funded();
    await h.act(owner, dealId, 'request-cancellation', { reason: 'Late', fault: 'worker' });
    await h.act(worker, dealId, 'decline-cancellation', { reason: 'Not late' });
    const rule = (who: typeof first, outcome: string) =>
      h.call('POST', `/api/admin/deals/${dealId}/rule`, who, { outcome, reason: 'Ruling' });
    const answers = await Promise.all([rule(first, 'release'), rule(second, 'refund')]);
    expect(codes(answers)).toEqual([200, 409]);
    const kinds = await moves(dealId);
    // The payment, its processor fee and one ruling.
    expect(kinds).toHaveLength(3);
    expect(kinds.filter((k) => k === 'release' || k === 'refund')).toHaveLength(1);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });

  it('a sandbox event delivered twice (at once, and again later) funds once; a forged one is refused', async () => {
    const { dealId } = await h.newDeal();
    const asked = await h.act(owner, dealId, 'pay', { card: CARDS.authenticate });
    const chargeId = asked.json().payment.chargeId as string;
    // The charge went through on the provider's side; its event arrives twice at once.
    await t.app.database.db
      .update(sandboxOperations)
      .set({ status: 'succeeded' })
      .where(eq(sandboxOperations.id, chargeId));
    const deal = await h.state(dealId);
    const body = JSON.stringify({
      id: `evt_${chargeId}`,
      type: 'charge.succeeded',
      dealId,
      chargeId,
      amount: { amount: deal.posterPays, currency: 'USD' },
    });
    if (t.app.config.payments.mode !== 'sandbox') throw new Error('payments are off');
    const signed = signSandboxEvent(t.app.config.payments.eventSecret, body);
    const deliver = (signature = signed.signature) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/events',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
    // One digit of the signature changed (always to a different one).
    const forgery = signed.signature.replace(/v1=(.)/, (_, d: string) => `v1=${d === '0' ? 1 : 0}`);
    const forged = await deliver(forgery);
    expect(forged.statusCode).toBe(400);
    const answers = await Promise.all([deliver(), deliver()]);
    expect(codes(answers)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().applied).sort()).toEqual([false, true]);
    const later = await deliver();
    expect(later.json()).toEqual({ received: true, replayed: true, applied: false });
    expect((await h.state(dealId)).state).toBe('funded');
    expect(await moves(dealId)).toEqual(['fund']);
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
    const charges = await t.app.database.db
      .select()
      .from(sandboxOperations)
      .where(inArray(sandboxOperations.dealId, [dealId]));
    expect(charges).toHaveLength(1);
    await h.balanced();
  });
});
