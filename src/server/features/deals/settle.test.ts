import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { auditLog, ledgerPostings, ledgerTransactions } from '../../platform/db/schema.ts';
import { ledgerAccounts } from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers, runProviderCalls } from './jobs.ts';

/*
 * A deal a refund made in Stripe's dashboard left short, settled by an operator (decision
 * 0670): what the payment still holds goes to the worker, back to the poster, or both, once.
 * A $100 deal: the poster paid $105.00 ($5.00 booking fee), the worker would receive $85.00.
 */
const { fake, t, owner, worker, h, db, deliver, fundedDeal, activePayee, outbox } =
  await useStripeDeals();
const [moderator, second, support] = useUsers(t, 3);
beforeAll(async () => {
  const operators = createOperatorRepository(db(), t.app.sessions);
  await operators.setRoleFromConsole(moderator!.email, 'moderator');
  await operators.setRoleFromConsole(second!.email, 'moderator');
  await operators.setRoleFromConsole(support!.email, 'support');
});

/** A $100 deal funded, then $30.00 of its charge refunded in Stripe's dashboard: $75.00 held. */
async function shortDeal() {
  const funded = await fundedDeal(100);
  const refunded = fake.event('charge.refunded', {
    id: funded.intent.latest_charge,
    object: 'charge',
    amount_refunded: 3_000,
    currency: 'usd',
    metadata: { dealId: funded.dealId },
  });
  expect((await deliver(refunded)).json()).toMatchObject({ applied: true });
  return funded;
}

const settle = (dealId: string, body: object, who = moderator!) =>
  h.call('POST', `/api/admin/deals/${dealId}/settle`, who, { reason: 'Settled by phone', ...body });

/** The signed amounts the deal's settlement posted, by account kind. */
async function settledLines(dealId: string) {
  const rows = await db()
    .select({ kind: ledgerAccounts.kind, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerTransactions.idempotencyKey, `deal:${dealId}:settle`));
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.amount)]));
}

describe('settling a deal left short by a refund at the processor', () => {
  it('is what the console shows, and what release answers 409 to until it is settled', async () => {
    const { dealId } = await shortDeal();
    const seen = (await h.call('GET', `/api/admin/deals/${dealId}`, support!)).json();
    expect(seen).toMatchObject({ state: 'funded', posterPays: 10_500, escrow: 7_500 });
    expect(seen.attention).toEqual([{ at: expect.any(String), action: 'refunded-at-provider' }]);
    const release = await h.act(owner, dealId, 'release');
    expect(release.statusCode).toBe(409);
    expect(release.json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it('pays the worker what is held: the platform keeps its fees, escrow ends at zero, audited', async () => {
    await activePayee(worker);
    const { dealId, intent } = await shortDeal();
    expect((await settle(dealId, { outcome: 'release' }, support!)).statusCode).toBe(403);
    expect((await settle(dealId, { outcome: 'release', reason: '' })).statusCode).toBe(400);
    const settled = await settle(dealId, { outcome: 'release' });
    expect(settled.statusCode, settled.body).toBe(200);
    // $75.00 held: $5.00 booking fee; $70.00 of the price, less 15 % ($10.50), to the worker.
    expect(settled.json()).toMatchObject({ state: 'released', escrow: 0, workerCredited: 5_950 });
    expect(await settledLines(dealId)).toEqual({
      escrow: -7_500,
      earnings: 5_950,
      'platform-fees': 1_550,
    });
    const seen = (await h.call('GET', `/api/admin/deals/${dealId}`, support!)).json();
    expect(seen.attention).toEqual([]);
    expect(seen.timeline.at(-1)).toMatchObject({
      action: 'settle-release',
      reason: 'Settled by phone',
      detail: { held: 7_500, expected: 10_500, credited: 5_950 },
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, dealId));
    expect(audit).toMatchObject([
      { action: 'deal.settle-release', actorId: moderator!.id, reason: 'Settled by phone' },
    ]);
    // The payout timer pays what was credited, from what is left of the charge.
    await runDealTimers(db(), t.app.config.payments);
    expect((await h.state(dealId)).state).toBe('paid-out');
    await runProviderCalls(db(), t.app.config.payments);
    const transfers = fake.to('/v1/transfers').map((r) => r.body);
    expect(transfers).toMatchObject([{ amount: '5950', source_transaction: intent.latest_charge }]);
    await h.balanced();
  });

  it('refunds what is held to the poster: all of it, from the charge, and the deal is cancelled', async () => {
    const { dealId, intent } = await shortDeal();
    const settled = await settle(dealId, { outcome: 'refund' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ state: 'cancelled', escrow: 0 });
    expect(await settledLines(dealId)).toEqual({ escrow: -7_500, card: 7_500 });
    expect((await outbox(dealId)).map((c) => [c.kind, c.input])).toEqual([
      ['refund', { chargeId: intent.latest_charge, amount: { amount: 7_500, currency: 'USD' } }],
    ]);
    await h.balanced();
  });

  it('splits what is held: the worker’s share less its fee, the rest back to the poster', async () => {
    const { dealId } = await shortDeal();
    const tooMuch = await settle(dealId, { outcome: 'split', workerShare: 7_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'A split gives the worker 1 to 6999 cents of what is held.',
    );
    const settled = await settle(dealId, { outcome: 'split', workerShare: 4_000 });
    expect(settled.statusCode, settled.body).toBe(200);
    // $40.00 of the price: $6.00 fee; the booking fee kept; $30.00 back.
    expect(await settledLines(dealId)).toEqual({
      escrow: -7_500,
      earnings: 3_400,
      'platform-fees': 1_100,
      card: 3_000,
    });
    expect(settled.json()).toMatchObject({ state: 'released', escrow: 0, workerCredited: 3_400 });
    await h.balanced();
  });

  it('is refused on a deal that holds all it expects, and after the deal left the held states', async () => {
    const { dealId } = await fundedDeal(100);
    const whole = await settle(dealId, { outcome: 'refund' });
    expect(whole.statusCode).toBe(409);
    expect(whole.json()).toMatchObject({
      code: 'NOT_SHORT',
      message:
        'This deal’s secured payment holds all the deal expects: release or refund it as usual.',
    });
    const short = await shortDeal();
    expect((await settle(short.dealId, { outcome: 'refund' })).statusCode).toBe(200);
    const again = await settle(short.dealId, { outcome: 'release' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');
  });

  it('a double click, or two operators at once, settle once', async () => {
    const { dealId } = await shortDeal();
    const answers = await Promise.all([
      settle(dealId, { outcome: 'release' }),
      settle(dealId, { outcome: 'release' }),
      settle(dealId, { outcome: 'refund' }, second!),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const settlements = await db()
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'settle'));
    expect(settlements.filter((s) => s.key === `deal:${dealId}:settle`)).toHaveLength(1);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });
});
