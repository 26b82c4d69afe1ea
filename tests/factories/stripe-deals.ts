import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { paymentOutbox, stripeAccounts } from '../../src/server/platform/db/schema.ts';
import { FAKE_CARDS, startFakeStripe } from '../setup/fake-stripe.ts';
import { useTestApp } from '../setup/test-app.ts';
import { dealHelpers } from './deals.ts';
import { useUsers } from './scenes.ts';
import type { TestUser } from './users.ts';

/**
 * For a test file (call it at its top, awaited): a fake of Stripe's API, an app with
 * PAYMENTS=stripe pointed at it, an owner and a worker, and the steps the tests repeat.
 */
export async function useStripeDeals() {
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const t = useTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_URL: fake.url,
  });
  const [owner, worker] = useUsers(t, 2);
  const h = dealHelpers(t, owner, worker);
  const db = () => t.app.database.db;
  beforeEach(() => fake.reset());

  /** Stripe's delivery of a signed event to the webhook. */
  const deliver = (event: { body: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });

  /** The deal paid with the test card and funded by Stripe's webhook event. */
  async function fundedDeal(amount = 100) {
    const { dealId } = await h.newDeal(amount);
    const paid = await h.act(owner, dealId, 'pay', { card: FAKE_CARDS.ok });
    expect(paid.statusCode, paid.body).toBe(200);
    const intent = fake.objects.get(paid.json().payment.chargeId)!;
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    const deal = await h.state(dealId);
    expect(deal.state).toBe('funded');
    return { dealId, intent, deal };
  }

  const accountOf = async (user: TestUser) =>
    (await db().select().from(stripeAccounts).where(eq(stripeAccounts.userId, user.id)))[0]!
      .accountId;

  /** The person onboarded, and Stripe's account.updated saying they can be paid out. */
  async function activePayee(user: TestUser) {
    const started = await h.call('POST', '/api/payments/payee', user);
    expect(started.statusCode, started.body).toBe(200);
    const ready = {
      id: await accountOf(user),
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
    };
    expect((await deliver(fake.event('account.updated', ready))).statusCode).toBe(200);
  }

  const outbox = (dealId: string) =>
    db().select().from(paymentOutbox).where(eq(paymentOutbox.dealId, dealId));
  /** Everything the outbox holds is due now (its backoff skipped). */
  const dueNow = () =>
    db()
      .update(paymentOutbox)
      .set({ nextAttemptAt: sql`now()` });

  return {
    fake,
    t,
    owner,
    worker,
    h,
    db,
    deliver,
    fundedDeal,
    accountOf,
    activePayee,
    outbox,
    dueNow,
  };
}
