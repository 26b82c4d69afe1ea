import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { FAKE_CARDS } from '../../../../tests/setup/fake-stripe.ts';
import { paymentEvents } from '../../platform/db/schema.ts';

/*
 * Paying with the Stripe Connect adapter: the real SDK against a local stand-in of Stripe's
 * API (tests/setup/fake-stripe.ts), the requests it sends and their idempotency keys, and
 * Stripe's signed webhook events through the one signed-event handler.
 */
const { fake, t, owner, worker, h, db, deliver, fundedDeal } = await useStripeDeals();

describe('paying with PAYMENTS=stripe (against a fake of Stripe)', () => {
  it('pays with a PaymentIntent on the platform (transfer_group and metadata = the deal); only the webhook funds the deal, once', async () => {
    const { dealId } = await h.newDeal(100);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment.status).toBe('succeeded');
    expect(paid.json().deal.state).toBe('awaiting-payment');
    const deal = await h.state(dealId);
    const [request] = fake.to('/v1/payment_intents');
    expect(request).toMatchObject({
      idempotencyKey: `deal:${dealId}:charge:0`,
      body: {
        amount: String(deal.posterPays),
        currency: 'usd',
        confirm: 'true',
        payment_method: FAKE_CARDS.ok,
        transfer_group: dealId,
        metadata: { dealId },
      },
    });
    // A card number is never taken with Stripe: the browser's Stripe.js makes a payment method.
    expect((await h.act(owner, dealId, 'pay', { card: '4242424242424242' })).statusCode).toBe(400);

    const intent = fake.objects.get(paid.json().payment.chargeId)!;
    const forged = fake.event('payment_intent.succeeded', intent, 'whsec_someone_else');
    const refused = await deliver(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('BAD_SIGNATURE');
    const unsigned = await deliver({ ...forged, signature: 't=1,v1=00' });
    expect(unsigned.statusCode).toBe(400);
    expect((await h.state(dealId)).state).toBe('awaiting-payment');

    const event = fake.event('payment_intent.succeeded', intent);
    expect((await deliver(event)).json()).toEqual({
      received: true,
      replayed: false,
      applied: true,
    });
    const funded = await h.state(dealId);
    expect(funded).toMatchObject({ state: 'funded', chargeId: intent.latest_charge });
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
    // Stripe delivers an event again: nothing moves.
    expect((await deliver(event)).json()).toEqual({
      received: true,
      replayed: true,
      applied: false,
    });
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);
    await h.balanced();
  });

  it('a declined card (402 card_error) is a 402, and the next try is a new charge with a new key', async () => {
    const { dealId } = await h.newDeal(40);
    const declined = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('CARD_DECLINED');
    expect((await h.state(dealId)).paymentAttempts).toBe(1);
    expect(fake.to('/v1/payment_intents')).toHaveLength(1);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(paid.statusCode).toBe(200);
    expect(fake.to('/v1/payment_intents').map((r) => r.idempotencyKey)).toEqual([
      `deal:${dealId}:charge:0`,
      `deal:${dealId}:charge:1`,
    ]);
  });

  it('a 5xx after Stripe made the charge is retried with the same key: one charge', async () => {
    const { dealId } = await h.newDeal(60);
    fake.fail('/v1/payment_intents', 500, 1, true);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    const tries = fake.to('/v1/payment_intents');
    expect(tries).toHaveLength(2);
    expect(tries.map((r) => r.idempotencyKey)).toEqual([
      `deal:${dealId}:charge:0`,
      `deal:${dealId}:charge:0`,
    ]);
    const charges = fake
      .made('payment_intent')
      .filter((pi) => (pi.metadata as Record<string, string>).dealId === dealId);
    expect(charges).toHaveLength(1);
    expect(paid.json().payment.chargeId).toBe(charges[0]!.id);
  });

  it('Stripe not answering is a 503 and counts no attempt; a request it refuses for good is a 402', async () => {
    const { dealId } = await h.newDeal(20);
    fake.fail('/v1/payment_intents', 503, 3);
    const down = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('PROVIDER_UNAVAILABLE');
    expect(fake.to('/v1/payment_intents')).toHaveLength(3);
    expect((await h.state(dealId)).paymentAttempts).toBe(0);
    fake.fail('/v1/payment_intents', 400);
    const refused = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('PROVIDER_REFUSED');
  });

  it('a card asking for authentication answers the client secret Stripe.js finishes it with', async () => {
    const { dealId } = await h.newDeal(30);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.authenticate });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment).toMatchObject({
      status: 'requires-authentication',
      clientSecret: expect.stringMatching(/^secret_/),
    });
    expect((await h.state(dealId)).state).toBe('awaiting-payment');
  });

  it('hands the client secret to the paying poster only, while the deal waits for payment', async () => {
    const { dealId } = await h.newDeal(30);
    // The worker (the deal's other side) is refused before Stripe is called: no secret.
    const byWorker = await h.act(worker, dealId, 'pay', { card: FAKE_CARDS.authenticate });
    expect(byWorker.statusCode).toBe(403);
    expect(byWorker.body).not.toContain('secret_');
    expect(fake.to('/v1/payment_intents')).toHaveLength(0);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.authenticate });
    const secret = paid.json().payment.clientSecret as string;
    expect(secret).toMatch(/^secret_/);
    // Reading the deal never shows it, to either side.
    for (const side of [owner, worker]) {
      const read = await h.call('GET', `/api/deals/${dealId}`, side);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(secret);
    }
    // Funded, nothing is paid (nor a secret handed out) any more: 409.
    const { dealId: funded } = await fundedDeal(40);
    const late = await h.act(owner, funded, 'pay', { card: FAKE_CARDS.authenticate });
    expect(late.statusCode).toBe(409);
    expect(late.body).not.toContain('secret_');
  });

  it('records every event it listens to; a failed charge changes nothing, the others are acted on (provider-events.test.ts)', async () => {
    const { dealId, intent, deal } = await fundedDeal(90);
    const charge = {
      id: intent.latest_charge,
      object: 'charge',
      amount_refunded: 100,
      currency: 'usd',
      metadata: { dealId },
    };
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      charge: intent.latest_charge,
      status: 'needs_response',
      amount: deal.posterPays,
      currency: 'usd',
    };
    const events = [
      fake.event('charge.refunded', charge),
      fake.event('charge.dispute.created', dispute),
      fake.event('charge.dispute.closed', { ...dispute, status: 'won' }),
      fake.event('payment_intent.payment_failed', {
        ...intent,
        last_payment_error: { code: 'card_declined' },
      }),
      fake.event('transfer.reversed', {
        id: 'tr_x',
        object: 'transfer',
        transfer_group: dealId,
        amount_reversed: 0,
        currency: 'usd',
        metadata: {},
      }),
    ];
    const applied = [];
    for (const event of events) {
      const answer = (await deliver(event)).json();
      expect(answer).toMatchObject({ received: true, replayed: false });
      applied.push(answer.applied);
    }
    // Nothing reversed yet, and a failed charge is for the record only.
    expect(applied).toEqual([true, true, true, false, false]);
    const recorded = await db()
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(sql`${paymentEvents.id} in ${events.map((e) => JSON.parse(e.body).id as string)}`);
    expect(recorded.map((r) => r.type).sort()).toEqual([
      'charge.failed',
      'charge.refunded',
      'dispute.closed',
      'dispute.opened',
      'transfer.reversed',
    ]);
    // A partial refund made in the dashboard leaves the deal held, with $1.00 less.
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays - 100);
    expect(await h.state(dealId)).toMatchObject({ state: 'funded' });
    // A well-signed event of another type, or a payment not for a deal, is answered, not kept.
    const others = [
      fake.event('customer.created', { id: 'cus_1' }),
      fake.event('payment_intent.succeeded', { ...intent, metadata: {} }),
    ];
    for (const event of others)
      expect((await deliver(event)).json()).toEqual({
        received: true,
        replayed: false,
        applied: false,
      });
    const kept = await db()
      .select()
      .from(paymentEvents)
      .where(sql`${paymentEvents.id} in ${others.map((e) => JSON.parse(e.body).id as string)}`);
    expect(kept).toEqual([]);
  });

  it('serves its webhook, not the sandbox’s, and tells the browser its publishable key', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/events', payload: {} })).statusCode,
    ).toBe(404);
    expect((await h.call('GET', '/api/payments/config')).json()).toMatchObject({
      mode: 'stripe',
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
    });
    // Its auth modes, as the route inventory (route-auth.test.ts, payments off) would list them.
    const mode = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.url === url && [r.method].flat().includes(method as never))
        ?.config?.auth;
    expect(mode('POST', '/api/payments/stripe/webhook')).toBe('public');
    expect(mode('GET', '/api/payments/config')).toBe('public');
    expect(mode('POST', '/api/payments/payee')).toBe('user');
  });
});

describe('a raised price with PAYMENTS=stripe', () => {
  it('charges the difference with the new price in the metadata; only its webhook raises the price', async () => {
    const { dealId, deal } = await fundedDeal(100);
    const asked = await h.act(worker, dealId, 'ask-price-increase', {
      price: 15_000,
      reason: 'Twice the work',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await h.act(owner, dealId, 'approve-price-increase', {
      card: FAKE_CARDS.ok,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // $150 + $7.50 − $105.00, keyed by the deal's version, the price and the attempt.
    expect(fake.to('/v1/payment_intents').at(-1)).toMatchObject({
      idempotencyKey: `deal:${dealId}:price:${deal.version + 1}:15000:charge:0`,
      body: { amount: '5250', transfer_group: dealId, metadata: { dealId, price: '15000' } },
    });
    expect(await h.state(dealId)).toMatchObject({ price: 10_000, requestedPrice: 15_000 });
    const intent = fake.objects.get(approved.json().payment.chargeId)!;
    const event = fake.event('payment_intent.succeeded', intent);
    expect((await deliver(event)).json()).toMatchObject({ applied: true });
    expect(await h.state(dealId)).toMatchObject({
      price: 15_000,
      posterPays: 15_750,
      requestedPrice: null,
    });
    expect(await h.escrowOf(dealId)).toBe(15_750);
    expect((await deliver(event)).json()).toMatchObject({ replayed: true, applied: false });
    await h.balanced();
  });
});
