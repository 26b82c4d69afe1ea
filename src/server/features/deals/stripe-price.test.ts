import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { FAKE_CARDS } from '../../../../tests/setup/fake-stripe.ts';
import { ledgerTransactions } from '../../platform/db/schema.ts';
import { runDealTimers, runProviderCalls } from './jobs.ts';

/*
 * The price dialog's card with Stripe: what `raise-price` and `approve-price-increase` send to
 * Stripe (against its fake) and answer the browser's Payment Element, and that only Stripe's
 * webhook raises the price, once, whatever order or how often its events come.
 */
const { fake, t, owner, worker, h, db, deliver, fundedDeal, accountOf, activePayee, outbox } =
  await useStripeDeals();

const intents = () => fake.to('/v1/payment_intents');
const ledgerKeys = async (dealId: string) =>
  (
    await db()
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.ref, dealId))
  )
    .map((l) => l.key)
    .sort();

describe('paying a raised price by card with PAYMENTS=stripe', () => {
  it('one PaymentIntent of the difference naming the deal and the price change; its webhook raises the price once; the payout covers it', async () => {
    await activePayee(worker);
    const { dealId, deal, intent: first } = await fundedDeal(100);
    fake.reset();
    const raised = await h.act(owner, dealId, 'raise-price', {
      price: 15_000,
      card: FAKE_CARDS.ok,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().payment).toEqual({
      chargeId: expect.stringMatching(/^pi_/),
      status: 'succeeded',
    });
    // $150 + $7.50 − $105.00, its own charge: confirmed on the server with the browser's method.
    const change = `deal:${dealId}:price:${deal.version}`;
    expect(intents()).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: `${change}:15000:charge:0`,
        body: {
          amount: '5250',
          currency: 'usd',
          payment_method: FAKE_CARDS.ok,
          automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
          confirm: 'true',
          transfer_group: dealId,
          metadata: { dealId, price: '15000', priceChange: change },
        },
      },
    ]);
    // Paid at Stripe but not yet reported: the price and the escrow are as they were.
    expect(await h.state(dealId)).toMatchObject({ price: 10_000, posterPays: 10_500 });
    expect(await h.escrowOf(dealId)).toBe(10_500);

    const second = fake.objects.get(raised.json().payment.chargeId)!;
    const event = fake.event('payment_intent.succeeded', second);
    expect((await deliver(event)).json()).toMatchObject({ replayed: false, applied: true });
    expect((await deliver(event)).json()).toMatchObject({ replayed: true, applied: false });
    // The same payment in another event (Stripe may send one twice under new ids): once.
    expect((await deliver(fake.event('payment_intent.succeeded', second))).json()).toMatchObject({
      applied: false,
    });
    expect(await h.state(dealId)).toMatchObject({
      price: 15_000,
      posterPays: 15_750,
      workerReceives: 12_750,
    });
    expect(await h.escrowOf(dealId)).toBe(15_750);
    const charge = second.latest_charge as string;
    expect(await ledgerKeys(dealId)).toEqual(
      [
        `deal:${dealId}:fund`,
        `deal:${dealId}:processor-fee:${first.latest_charge as string}`,
        `deal:${dealId}:processor-fee:${charge}`,
        change,
      ].sort(),
    );
    await h.balanced();

    // Released and paid out: one transfer per charge (the first one's $105.00 does not cover
    // the $127.50 the worker receives now), together what the worker receives.
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);
    await runDealTimers(db(), t.app.config.payments);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(2);
    const transfers = fake.to('/v1/transfers').map((r) => r.body);
    expect(transfers.map((b) => b.source_transaction).sort()).toEqual(
      [first.latest_charge, charge].sort(),
    );
    expect(transfers.every((b) => b.destination === transfers[0]!.destination)).toBe(true);
    expect(transfers[0]!.destination).toBe(await accountOf(worker));
    expect(transfers.find((b) => b.source_transaction === charge)!.amount).toBe('2250');
    expect(transfers.reduce((sum, b) => sum + Number(b.amount), 0)).toBe(12_750);
    await h.balanced();
  });

  it('a declined card says why, leaves the old price, and the next try is a new charge', async () => {
    const { dealId, deal } = await fundedDeal(80);
    fake.reset();
    const poor = await h.act(owner, dealId, 'raise-price', {
      price: 9_000,
      card: FAKE_CARDS.insufficientFunds,
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card has insufficient funds.',
    });
    expect(await h.state(dealId)).toMatchObject({ price: 8_000, paymentAttempts: 1 });
    const paid = await h.act(owner, dealId, 'raise-price', { price: 9_000, card: FAKE_CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(intents().map((r) => r.idempotencyKey)).toEqual([
      `deal:${dealId}:price:${deal.version}:9000:charge:0`,
      `deal:${dealId}:price:${deal.version}:9000:charge:1`,
    ]);
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
  });

  it('approving an ask with a card that must authenticate: the client secret for Stripe.js; unpaid, nothing changes', async () => {
    const { dealId, deal } = await fundedDeal(60);
    fake.reset();
    const asked = await h.act(worker, dealId, 'ask-price-increase', {
      price: 7_000,
      reason: 'More to carry',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approve = () =>
      h.act(owner, dealId, 'approve-price-increase', { card: FAKE_CARDS.authenticate });
    const waiting = await approve();
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().payment).toMatchObject({
      status: 'requires-authentication',
      clientSecret: expect.stringMatching(/^secret_/),
    });
    expect(intents()[0]!.body.metadata).toEqual({
      dealId,
      price: '7000',
      priceChange: `deal:${dealId}:price:${deal.version + 1}`,
    });
    // A second click while the bank waits: the same key, the same intent.
    const again = await approve();
    expect(again.json().payment.chargeId).toBe(waiting.json().payment.chargeId);
    expect(
      fake.made('payment_intent').filter((pi) => pi.id === again.json().payment.chargeId),
    ).toHaveLength(1);
    // The bank's check failed: Stripe says so, and the ask still waits at the old price.
    const intent = fake.objects.get(waiting.json().payment.chargeId)!;
    const failed = {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    };
    expect((await deliver(fake.event('payment_intent.payment_failed', failed))).statusCode).toBe(
      200,
    );
    expect(await h.state(dealId)).toMatchObject({ price: 6_000, requestedPrice: 7_000 });
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
    // Authenticated after all (Stripe.js's handleNextAction): its webhook approves the ask.
    const charge = `ch_${dealId.slice(0, 8)}`;
    fake.objects.set(`txn_${charge}`, { id: `txn_${charge}`, fee: 93, currency: 'usd' });
    fake.objects.set(charge, {
      id: charge,
      object: 'charge',
      balance_transaction: `txn_${charge}`,
    });
    const paid = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge,
    };
    expect((await deliver(fake.event('payment_intent.succeeded', paid))).json()).toMatchObject({
      applied: true,
    });
    expect(await h.state(dealId)).toMatchObject({ price: 7_000, requestedPrice: null });
    await h.balanced();
  });

  it('two raises paid, their events out of order: the one reported first raises the price, the other is refunded', async () => {
    const { dealId, deal } = await fundedDeal(100);
    const raise = async (price: number) => {
      const raised = await h.act(owner, dealId, 'raise-price', { price, card: FAKE_CARDS.ok });
      expect(raised.statusCode, raised.body).toBe(200);
      return fake.objects.get(raised.json().payment.chargeId)!;
    };
    const to120 = await raise(12_000);
    const to150 = await raise(15_000);
    expect(await h.state(dealId)).toMatchObject({ price: 10_000 });
    expect((await deliver(fake.event('payment_intent.succeeded', to150))).json()).toMatchObject({
      applied: true,
    });
    // The older raise's payment comes after: it no longer fits the deal's figures.
    const late = fake.event('payment_intent.succeeded', to120);
    expect((await deliver(late)).json()).toMatchObject({ applied: false });
    expect((await deliver(late)).json()).toMatchObject({ replayed: true, applied: false });
    expect(await h.state(dealId)).toMatchObject({ price: 15_000, posterPays: 15_750 });
    expect(await h.escrowOf(dealId)).toBe(15_750);
    expect(await outbox(dealId)).toMatchObject([
      {
        kind: 'refund',
        idempotencyKey: `deal:${dealId}:late-refund:${to120.latest_charge as string}`,
        input: { chargeId: to120.latest_charge, amount: { amount: to120.amount } },
      },
    ]);
    expect((await ledgerKeys(dealId)).filter((k) => k.startsWith(`deal:${dealId}:price:`))).toEqual(
      [`deal:${dealId}:price:${deal.version}`],
    );
    await h.balanced();
  });
});
