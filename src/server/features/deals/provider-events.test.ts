import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { FAKE_CARDS, fakeFee } from '../../../../tests/setup/fake-stripe.ts';
import { dealEvents, ledgerAccounts, ledgerTransactions } from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers, runProviderCalls } from './jobs.ts';

/*
 * The money Stripe's side decides, against the fake of Stripe: its fee on every charge, refunds
 * and transfers split over a raised deal's charges, a payment arriving too late, and a refund
 * made in Stripe's dashboard, a chargeback and a reversed transfer acted on once.
 */
const { fake, t, owner, worker, h, db, deliver, fundedDeal, accountOf, activePayee, outbox } =
  await useStripeDeals();
const [moderator] = useUsers(t, 1);
beforeAll(async () => {
  await createOperatorRepository(db(), t.app.sessions).setRoleFromConsole(
    moderator!.email,
    'moderator',
  );
});

const ledgerOf = (dealId: string) =>
  db()
    .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.ref, dealId));
const stepsOf = async (dealId: string) =>
  (
    await db()
      .select({ action: dealEvents.action, detail: dealEvents.detail })
      .from(dealEvents)
      .where(eq(dealEvents.dealId, dealId))
  ).map((e) => e.action);
const adminDeal = async (dealId: string) =>
  (await h.call('GET', `/api/admin/deals/${dealId}`, moderator!)).json();
const processorFees = async () =>
  (
    await db()
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'processor-fees'), isNull(ledgerAccounts.ownerId)))
  )[0]?.balance ?? 0;

/** The owner raises the price to `price` cents; returns the raise's intent (not delivered yet). */
async function raise(dealId: string, price: number) {
  const raised = await h.act(owner, dealId, 'raise-price', { price, card: FAKE_CARDS.ok });
  expect(raised.statusCode, raised.body).toBe(200);
  return fake.objects.get(raised.json().payment.chargeId)!;
}

/** A deal funded at `dollars`, then raised to `price` cents: two charges. */
async function raisedDeal(dollars: number, price: number) {
  const first = await fundedDeal(dollars);
  const second = await raise(first.dealId, price);
  const raised = await deliver(fake.event('payment_intent.succeeded', second));
  expect(raised.json(), raised.body).toMatchObject({ applied: true });
  return { ...first, second };
}

describe('the processor’s fee (PAYMENTS=stripe)', () => {
  it('reads the fee from the charge’s balance transaction and records it once, outside the escrow', async () => {
    const before = await processorFees();
    const { dealId, intent, deal } = await fundedDeal(100);
    const reads = fake.to(`/v1/charges/${intent.latest_charge as string}`);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.method).toBe('GET');
    expect(await processorFees()).toBe(before + fakeFee(deal.posterPays));
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
    expect((await ledgerOf(dealId)).map((l) => l.key).sort()).toEqual([
      `deal:${dealId}:fund`,
      `deal:${dealId}:processor-fee:${intent.latest_charge as string}`,
    ]);
    await h.balanced();
  });

  it('Stripe not answering the fee’s read is a 503: the event is applied when delivered again', async () => {
    const { dealId } = await h.newDeal(70);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    const intent = fake.objects.get(paid.json().payment.chargeId)!;
    fake.fail(`/v1/charges/${intent.latest_charge as string}`, 503, 3);
    const event = fake.event('payment_intent.succeeded', intent);
    expect((await deliver(event)).statusCode).toBe(503);
    expect((await h.state(dealId)).state).toBe('awaiting-payment');
    expect((await deliver(event)).json()).toMatchObject({ applied: true });
    expect((await h.state(dealId)).state).toBe('funded');
  });
});

describe('refunds and transfers over a raised deal’s charges (PAYMENTS=stripe)', () => {
  it('a cancellation refunds each charge, newest first, under its own key', async () => {
    const { dealId, intent, second } = await raisedDeal(100, 15_000);
    await h.act(worker, dealId, 'request-cancellation', { reason: 'Cannot come', fault: 'worker' });
    expect((await h.act(owner, dealId, 'agree-cancellation')).statusCode).toBe(200);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(2);
    // The outbox makes them in any order: sorted by amount, smallest first.
    const refunds = fake
      .to('/v1/refunds')
      .map((r): Record<string, unknown> => ({ key: r.idempotencyKey, ...r.body }))
      .sort((a, b) => Number(a.amount) - Number(b.amount));
    // $157.50 back: the raise's $52.50 from its charge, $105.00 from the first.
    expect(refunds).toEqual([
      {
        key: `deal:${dealId}:provider-refund:${second.latest_charge as string}`,
        charge: second.latest_charge,
        amount: '5250',
        metadata: { dealId },
      },
      {
        key: `deal:${dealId}:provider-refund:${intent.latest_charge as string}`,
        charge: intent.latest_charge,
        amount: '10500',
        metadata: { dealId },
      },
    ]);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });

  it('a payout is one transfer per charge, each from its charge (source_transaction), oldest first', async () => {
    await activePayee(worker);
    const { dealId, intent, second } = await raisedDeal(100, 15_000);
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);
    await runDealTimers(db(), t.app.config.payments);
    expect((await h.state(dealId)).state).toBe('paid-out');
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(2);
    const destination = await accountOf(worker);
    // The worker receives $127.50: $105.00 from the first charge, $22.50 from the raise's.
    const transfers = fake
      .to('/v1/transfers')
      .map((r): Record<string, unknown> => ({ key: r.idempotencyKey, ...r.body }))
      .sort((a, b) => Number(b.amount) - Number(a.amount));
    expect(transfers).toEqual([
      {
        key: `deal:${dealId}:transfer:${intent.latest_charge as string}`,
        amount: '10500',
        currency: 'usd',
        destination,
        source_transaction: intent.latest_charge,
        transfer_group: dealId,
        metadata: { dealId },
      },
      {
        key: `deal:${dealId}:transfer:${second.latest_charge as string}`,
        amount: '2250',
        currency: 'usd',
        destination,
        source_transaction: second.latest_charge,
        transfer_group: dealId,
        metadata: { dealId },
      },
    ]);
    await h.balanced();
  });

  it('a lowered price after a raise is refunded from the raise’s charge first', async () => {
    const { dealId, intent, second } = await raisedDeal(100, 15_000);
    const lowered = await h.call('POST', `/api/admin/deals/${dealId}/price`, moderator!, {
      action: 'lower',
      price: 8_000,
      reason: 'Half the job was not needed',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await runProviderCalls(db(), t.app.config.payments);
    // $157.50 → $84.00: $73.50 back, $52.50 from the raise's charge and $21.00 from the first.
    const refunds = fake.to('/v1/refunds').map((r) => [r.body.charge, r.body.amount]);
    expect(refunds.sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      [second.latest_charge, '5250'],
      [intent.latest_charge, '2100'],
    ]);
  });
});

describe('a payment that arrives too late (PAYMENTS=stripe)', () => {
  it('a payment for a deal withdrawn meanwhile goes back in full, in and out of the ledger, on the timeline', async () => {
    const { dealId } = await h.newDeal(60);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    const intent = fake.objects.get(paid.json().payment.chargeId)!;
    expect((await h.act(owner, dealId, 'withdraw')).statusCode).toBe(200);
    const event = fake.event('payment_intent.succeeded', intent);
    expect((await deliver(event)).json()).toMatchObject({ applied: false });
    const charge = intent.latest_charge as string;
    expect((await ledgerOf(dealId)).map((l) => l.kind).sort()).toEqual([
      'late-payment',
      'late-refund',
      'processor-fee',
    ]);
    expect(await h.escrowOf(dealId)).toBe(0);
    expect(await stepsOf(dealId)).toContain('late-payment-refunded');
    expect(await outbox(dealId)).toMatchObject([
      { kind: 'refund', idempotencyKey: `deal:${dealId}:late-refund:${charge}` },
    ]);
    await runProviderCalls(db(), t.app.config.payments);
    expect(fake.to('/v1/refunds').map((r) => r.body)).toEqual([
      { charge, amount: String(intent.amount), metadata: { dealId } },
    ]);
    // Delivered again (or the same payment in another event): nothing more.
    expect((await deliver(event)).json()).toMatchObject({ replayed: true });
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).json()).toMatchObject({
      applied: false,
    });
    expect(await outbox(dealId)).toHaveLength(1);
    expect((await h.state(dealId)).state).toBe('cancelled');
    await h.balanced();
  });

  it('a raise’s payment arriving after the deal was released is refunded, the deal left as it is', async () => {
    const { dealId, deal } = await fundedDeal(100);
    const late = await raise(dealId, 12_000);
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);
    expect((await deliver(fake.event('payment_intent.succeeded', late))).json()).toMatchObject({
      applied: false,
    });
    expect(await h.state(dealId)).toMatchObject({ state: 'released', price: deal.price });
    expect(await outbox(dealId)).toMatchObject([
      {
        kind: 'refund',
        idempotencyKey: `deal:${dealId}:late-refund:${late.latest_charge as string}`,
        input: { chargeId: late.latest_charge, amount: { amount: late.amount } },
      },
    ]);
    expect(await h.escrowOf(dealId)).toBe(0);
    await h.balanced();
  });
});

describe('what Stripe reports of its side, acted on once (PAYMENTS=stripe)', () => {
  const chargeObject = (id: unknown, refunded: number, dealId: string) => ({
    id,
    object: 'charge',
    amount_refunded: refunded,
    currency: 'usd',
    metadata: { dealId },
  });

  it('a full refund made in the dashboard while the money is held cancels the deal; our own refunds are not counted again', async () => {
    const { dealId, intent, deal } = await fundedDeal(90);
    const event = fake.event(
      'charge.refunded',
      chargeObject(intent.latest_charge, deal.posterPays, dealId),
    );
    expect((await deliver(event)).json()).toMatchObject({ applied: true });
    expect((await h.state(dealId)).state).toBe('cancelled');
    expect(await h.escrowOf(dealId)).toBe(0);
    expect((await ledgerOf(dealId)).map((l) => l.kind)).toContain('correction');
    expect(await stepsOf(dealId)).toContain('refunded-at-provider');
    // The same refund reported again in another event: nothing moves.
    const again = fake.event(
      'charge.refunded',
      chargeObject(intent.latest_charge, deal.posterPays, dealId),
    );
    expect((await deliver(again)).json()).toMatchObject({ applied: false });
    expect(await outbox(dealId)).toEqual([]);

    // A refund we asked for (a cancellation) is not one made in the dashboard.
    const ours = await fundedDeal(91);
    await h.act(owner, ours.dealId, 'request-cancellation', {
      reason: 'Not needed',
      fault: 'nobody',
    });
    await h.act(worker, ours.dealId, 'agree-cancellation');
    const reported = fake.event(
      'charge.refunded',
      chargeObject(ours.intent.latest_charge, ours.deal.posterPays, ours.dealId),
    );
    expect((await deliver(reported)).json()).toMatchObject({ applied: false });
    expect(await stepsOf(ours.dealId)).not.toContain('refunded-at-provider');
    await h.balanced();
  });

  it('a dashboard refund after the release is the platform’s loss, flagged for operators', async () => {
    const { dealId, intent } = await fundedDeal(80);
    await h.act(owner, dealId, 'release');
    const refund = fake.event('charge.refunded', chargeObject(intent.latest_charge, 1_000, dealId));
    expect((await deliver(refund)).json()).toMatchObject({ applied: true });
    expect((await h.state(dealId)).state).toBe('released');
    const seen = await adminDeal(dealId);
    expect(seen.attention).toEqual([{ at: expect.any(String), action: 'refunded-at-provider' }]);
    expect(seen.ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'correction',
          accountKind: 'platform-fees',
          amount: { amount: -1_000, currency: 'USD' },
        }),
        expect.objectContaining({
          kind: 'correction',
          accountKind: 'card',
          amount: { amount: 1_000, currency: 'USD' },
        }),
      ]),
    );
    await h.balanced();
  });

  it('a chargeback freezes the deal’s money until it closes; won, it moves on; lost, the money goes back', async () => {
    const { dealId, intent, deal } = await fundedDeal(110);
    const dispute = {
      id: 'dp_won',
      object: 'dispute',
      charge: intent.latest_charge,
      status: 'needs_response',
      amount: deal.posterPays,
      currency: 'usd',
    };
    const opened = fake.event('charge.dispute.created', dispute);
    expect((await deliver(opened)).json()).toMatchObject({ applied: true });
    expect(await adminDeal(dealId)).toMatchObject({
      chargebackOpen: true,
      attention: [{ action: 'chargeback-opened' }],
    });
    const frozen = await h.act(owner, dealId, 'release');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('CHARGEBACK_OPEN');
    const won = fake.event('charge.dispute.closed', { ...dispute, status: 'won' });
    expect((await deliver(won)).json()).toMatchObject({ applied: true });
    expect((await adminDeal(dealId)).chargebackOpen).toBe(false);
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);

    const other = await fundedDeal(111);
    const lost = {
      ...dispute,
      id: 'dp_lost',
      charge: other.intent.latest_charge,
      amount: other.deal.posterPays,
    };
    await deliver(fake.event('charge.dispute.created', lost));
    const closed = fake.event('charge.dispute.closed', { ...lost, status: 'lost' });
    expect((await deliver(closed)).json()).toMatchObject({ applied: true });
    expect((await h.state(other.dealId)).state).toBe('cancelled');
    expect(await h.escrowOf(other.dealId)).toBe(0);
    expect((await ledgerOf(other.dealId)).map((l) => l.key)).toContain(
      `deal:${other.dealId}:chargeback:dp_lost`,
    );
    // Closed again in another event: nothing more.
    const twice = fake.event('charge.dispute.closed', { ...lost, status: 'lost' });
    expect((await deliver(twice)).json()).toMatchObject({ applied: false });
    await h.balanced();
  });

  it('a reversed transfer puts the money back in the worker’s earnings and flags the deal', async () => {
    await activePayee(worker);
    const { dealId } = await fundedDeal(95);
    await h.act(owner, dealId, 'release');
    await runDealTimers(db(), t.app.config.payments);
    await runProviderCalls(db(), t.app.config.payments);
    const [transfer] = fake.made('transfer').filter((tr) => tr.transfer_group === dealId);
    const reversed = (total: number) =>
      fake.event('transfer.reversed', {
        ...transfer,
        amount_reversed: total,
        currency: 'usd',
      });
    const earningsBefore = (await h.call('GET', '/api/payments/earnings', worker)).json().balance
      .amount;
    expect((await deliver(reversed(500))).json()).toMatchObject({ applied: true });
    expect((await deliver(reversed(500))).json()).toMatchObject({ applied: false });
    expect((await deliver(reversed(800))).json()).toMatchObject({ applied: true });
    const earnings = (await h.call('GET', '/api/payments/earnings', worker)).json();
    expect(earnings.balance.amount).toBe(earningsBefore + 800);
    const steps = await db()
      .select({ detail: dealEvents.detail })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.action, 'transfer-reversed')));
    expect(steps.map((s) => s.detail.amount)).toEqual([500, 300]);
    expect((await adminDeal(dealId)).attention).toHaveLength(2);
    await h.balanced();
  });
});
