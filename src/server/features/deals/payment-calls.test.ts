import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runProviderCalls } from './jobs.ts';

/*
 * The console's failed payment calls (against the fake of Stripe): a refund Stripe refuses
 * for good is listed for operators; a moderator's "Try again" (with a reason, audited) makes
 * it with the same idempotency key; anything but a failed call is not retried.
 */
const { fake, t, owner, worker, h, db, fundedDeal, outbox, dueNow } = await useStripeDeals();
const [moderator, support] = useUsers(t, 2);

describe('failed payment calls in the console (PAYMENTS=stripe, against a fake of Stripe)', () => {
  beforeAll(async () => {
    const operators = createOperatorRepository(db(), t.app.sessions);
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(support.email, 'support');
  });
  const list = (who = support, query = '') =>
    h.call('GET', `/api/admin/payment-calls${query}`, who);
  const retry = (
    id: string,
    who = moderator,
    body: object = { reason: 'Stripe fixed the account' },
  ) => h.call('POST', `/api/admin/payment-calls/${id}/retry`, who, body);
  /** A deal both sides agreed to cancel: its refund is in the outbox. */
  const cancelled = async (amount: number) => {
    const funded = await fundedDeal(amount);
    await h.act(owner, funded.dealId, 'request-cancellation', {
      reason: 'Plans changed',
      fault: 'nobody',
    });
    expect((await h.act(worker, funded.dealId, 'agree-cancellation')).statusCode).toBe(200);
    return funded;
  };

  it('a refused refund is listed, tried again by a moderator with its key, then made once', async () => {
    const { dealId, deal } = await cancelled(64);
    fake.fail('/v1/refunds', 400);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    const [call] = await outbox(dealId);
    expect(call).toMatchObject({ status: 'failed', attempts: 1 });

    const listed = await list();
    expect(listed.statusCode, listed.body).toBe(200);
    const item = listed.json().items.find((c: { id: string }) => c.id === call!.id);
    expect(item).toMatchObject({
      kind: 'refund',
      dealId,
      taskTitle: expect.any(String),
      amount: { amount: deal.posterPays, currency: 'USD' },
      status: 'failed',
      attempts: 1,
      lastError: expect.any(String),
      nextAttemptAt: null,
    });
    // A failed call is not retried by the outbox on its own.
    await dueNow();
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    expect(fake.to('/v1/refunds')).toHaveLength(1);

    expect((await retry(call!.id, support)).statusCode).toBe(403);
    expect((await retry(call!.id, owner)).statusCode).toBe(404);
    expect((await retry(call!.id, moderator, { reason: '' })).statusCode).toBe(400);
    expect((await outbox(dealId))[0]).toMatchObject({ status: 'failed' });

    const retried = await retry(call!.id);
    expect(retried.statusCode, retried.body).toBe(204);
    expect((await outbox(dealId))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment-call.retried'), eq(auditLog.targetId, call!.id)));
    expect(audited).toMatchObject({
      actorId: moderator.id,
      reason: 'Stripe fixed the account',
      before: { status: 'failed', attempts: 1 },
    });
    expect((await list()).json().items.map((c: { id: string }) => c.id)).not.toContain(call!.id);

    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(1);
    const tries = fake.to('/v1/refunds');
    expect(tries).toHaveLength(2);
    expect(new Set(tries.map((r) => r.idempotencyKey))).toEqual(
      new Set([`deal:${dealId}:provider-refund:${deal.chargeId}`]),
    );
    expect((await outbox(dealId))[0]).toMatchObject({ status: 'done' });
    // Done: nothing to try again.
    expect((await retry(call!.id)).statusCode).toBe(409);
    expect((await retry('not-an-id')).statusCode).toBe(404);
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await h.balanced();
  });

  it('a call still being retried is under "retrying", not "failed"; pages go by cursor', async () => {
    const { dealId } = await cancelled(65);
    fake.fail('/v1/refunds', 503, 3);
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    const [call] = await outbox(dealId);
    expect(call).toMatchObject({ status: 'pending', attempts: 1 });
    const retrying = (await list(support, '?status=retrying')).json();
    expect(retrying.items.map((c: { id: string }) => c.id)).toEqual([call!.id]);
    expect(retrying.items[0].nextAttemptAt).toEqual(expect.any(String));
    expect((await list()).json().items.map((c: { id: string }) => c.id)).not.toContain(call!.id);
    expect((await retry(call!.id)).statusCode).toBe(409);

    // Two failed calls, one a page: the cursor leads to the older one.
    const other = await cancelled(66);
    fake.fail('/v1/refunds', 400, 2);
    await dueNow();
    expect(await runProviderCalls(db(), t.app.config.payments)).toBe(0);
    const first = (await list(support, '?limit=1')).json();
    expect(first.items).toHaveLength(1);
    expect(first.items[0].dealId).toBe(other.dealId);
    const second = (
      await list(support, `?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.items.map((c: { dealId: string }) => c.dealId)).toEqual([dealId]);
    expect((await list(support, '?cursor=nonsense')).statusCode).toBe(400);
    expect((await list(owner)).statusCode).toBe(404);
  });
});
