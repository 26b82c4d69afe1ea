import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { paymentOutbox } from '../../platform/db/schema.ts';
import { runDealTimers, runProviderCalls } from './jobs.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './outbox.ts';

/*
 * Payees and the money going out with the Stripe Connect adapter (against the fake of
 * Stripe): onboarding, and the payment outbox's transfers and refunds made after the
 * transition's transaction, with backoff and one idempotency key per call.
 */
const {
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
} = await useStripeDeals();

describe('payees and payouts with PAYMENTS=stripe (against a fake of Stripe)', () => {
  it('onboarding: an Express account once, a fresh account link each visit; account.updated makes the payee active', async () => {
    const other = owner;
    const first = await h.call('POST', '/api/payments/payee', other);
    expect(first.json()).toMatchObject({ status: 'pending' });
    expect(first.json().onboardingUrl).toMatch(/^https:\/\/connect\.example\.test\/setup\/acct_/);
    const again = await h.call('POST', '/api/payments/payee', other);
    expect(again.json().onboardingUrl).not.toBe(first.json().onboardingUrl);
    const [created] = fake.to('/v1/accounts');
    expect(fake.to('/v1/accounts')).toHaveLength(1);
    expect(created).toMatchObject({
      idempotencyKey: `payee:${other.id}:account`,
      body: {
        type: 'express',
        capabilities: { transfers: { requested: 'true' } },
        metadata: { userId: other.id },
      },
    });
    const links = fake.to('/v1/account_links');
    expect(links).toHaveLength(2);
    expect(links[0]!.body).toMatchObject({
      account: fake.made('account').at(-1)!.id,
      type: 'account_onboarding',
    });
    expect(links[0]!.body.return_url).toBe('http://localhost:3000/settings?payouts=returned');
    expect(new Set(links.map((l) => l.idempotencyKey)).size).toBe(2);

    // Details submitted but payouts not enabled yet: still pending.
    const accountId = await accountOf(other);
    const half = {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: false,
    };
    expect((await deliver(fake.event('account.updated', half))).json()).toMatchObject({
      applied: true,
    });
    expect((await h.call('POST', '/api/payments/payee', other)).json().status).toBe('pending');
    const ready = { ...half, payouts_enabled: true };
    expect((await deliver(fake.event('account.updated', ready))).statusCode).toBe(200);
    expect((await h.call('POST', '/api/payments/payee', other)).json()).toEqual({
      status: 'active',
    });
    // The connected account is in the person's download.
    const data = (await h.call('GET', '/api/account/export', other)).json();
    expect(data.deals.payoutAccount).toMatchObject({ stripeAccount: accountId, status: 'active' });
  });

  it('release then payout: the Transfer (source_transaction = the charge) is made after the transaction, retried with backoff and one key', async () => {
    await activePayee(worker);
    const { dealId, intent } = await fundedDeal(250);
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);
    expect(await runDealTimers(db(), t.app.config.payments)).toBeGreaterThanOrEqual(1);
    const deal = await h.state(dealId);
    expect(deal.state).toBe('paid-out');
    // Written in the payout's transaction; no call to Stripe made inside it.
    expect(fake.to('/v1/transfers')).toHaveLength(0);
    expect(await outbox(dealId)).toMatchObject([{ kind: 'transfer', status: 'pending' }]);

    // Stripe down: the SDK's two retries fail too; the call waits for its next turn.
    fake.fail('/v1/transfers', 503, 3);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    const [waiting] = await outbox(dealId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    await dueNow();
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(1);

    const tries = fake.to('/v1/transfers');
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((r) => r.idempotencyKey))).toEqual(
      new Set([`deal:${dealId}:transfer:${intent.latest_charge as string}`]),
    );
    expect(tries[3]!.body).toMatchObject({
      amount: String(deal.workerCredited),
      currency: 'usd',
      destination: await accountOf(worker),
      source_transaction: intent.latest_charge,
      transfer_group: dealId,
      metadata: { dealId },
    });
    expect(fake.made('transfer').filter((tr) => tr.transfer_group === dealId)).toHaveLength(1);
    const [done] = await outbox(dealId);
    expect(done).toMatchObject({ status: 'done', resultId: expect.stringMatching(/^tr_/) });
    // Done stays done: nothing is sent again.
    await dueNow();
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    expect(fake.to('/v1/transfers')).toHaveLength(4);
    await h.balanced();
  });

  it('a cancellation both sides agree on refunds the charge through the outbox; a refusal for good is marked failed', async () => {
    const { dealId, deal } = await fundedDeal(80);
    const ask = await h.act(worker, dealId, 'request-cancellation', {
      reason: 'Cannot come',
      fault: 'worker',
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect((await h.act(owner, dealId, 'agree-cancellation')).statusCode).toBe(200);
    expect(fake.to('/v1/refunds')).toHaveLength(0);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(1);
    const [refund] = fake.to('/v1/refunds');
    expect(refund).toMatchObject({
      idempotencyKey: `deal:${dealId}:provider-refund:${deal.chargeId}`,
      body: { charge: deal.chargeId, amount: String(deal.posterPays), metadata: { dealId } },
    });

    const second = await fundedDeal(81);
    await h.act(owner, second.dealId, 'request-cancellation', {
      reason: 'Plans changed',
      fault: 'owner',
    });
    await h.act(worker, second.dealId, 'agree-cancellation');
    fake.fail('/v1/refunds', 400);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    expect(await outbox(second.dealId)).toMatchObject([
      { kind: 'refund', status: 'failed', attempts: 1, lastError: expect.any(String) },
    ]);
    // The poster at fault gets the price back, without the booking fee.
    expect(fake.to('/v1/refunds').at(-1)!.body.amount).toBe(String(second.deal.price));
  });

  it('a call that keeps failing is marked failed after its last attempt', async () => {
    const { dealId } = await fundedDeal(75);
    await h.act(owner, dealId, 'request-cancellation', { reason: 'Not needed', fault: 'nobody' });
    await h.act(worker, dealId, 'agree-cancellation');
    await db()
      .update(paymentOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(paymentOutbox.dealId, dealId));
    fake.fail('/v1/refunds', 500, 3);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    expect(await outbox(dealId)).toMatchObject([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });

  it('two instances running the outbox at once make each call once', async () => {
    const { dealId } = await fundedDeal(70);
    await h.act(owner, dealId, 'request-cancellation', {
      reason: 'No longer needed',
      fault: 'nobody',
    });
    await h.act(worker, dealId, 'agree-cancellation');
    const runs = await Promise.all(
      [1, 2, 3].map(() => runProviderCalls(db(), t.app.config.payments)),
    );
    expect(runs.reduce((a, b) => a + b)).toBe(1);
    expect(fake.to('/v1/refunds')).toHaveLength(1);
    expect(await outbox(dealId)).toMatchObject([{ status: 'done', attempts: 1 }]);
  });
});
