import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useStripeDeals } from '../../../../tests/factories/stripe-deals.ts';
import { FAKE_DISPUTE_FEE, fakeDispute } from '../../../../tests/setup/fake-stripe.ts';
import { ledgerAccounts, ledgerTransactions } from '../../platform/db/schema.ts';

/*
 * A chargeback's fee (decision 0671), against the fake of Stripe: read from the dispute's
 * balance transactions, the platform's cost as the card processor's fee is, given back when
 * the dispute is won, each posted once whatever event repeats it.
 */
const { fake, owner, h, db, deliver, fundedDeal } = await useStripeDeals();

const balanceOf = async (kind: 'processor-fees' | 'platform-fees') =>
  (
    await db()
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.ownerId)))
  )[0]?.balance ?? 0;
const feesOf = async (dealId: string) =>
  (
    await db()
      .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.ref, dealId))
  )
    .filter((l) => l.kind.startsWith('dispute-fee'))
    .sort((a, b) => a.kind.localeCompare(b.kind));

describe('dispute fees in the ledger (PAYMENTS=stripe)', () => {
  it('a chargeback’s fee is the platform’s cost, given back when won, each posted once', async () => {
    const { dealId, intent, deal } = await fundedDeal(120);
    const dispute = {
      id: `dp_fee_${dealId.slice(0, 8)}`,
      charge: intent.latest_charge,
      amount: deal.posterPays,
      status: 'needs_response',
    };
    const before = {
      processor: await balanceOf('processor-fees'),
      platform: await balanceOf('platform-fees'),
    };
    const opened = fakeDispute(dispute, ['withdrawn']);
    expect((await deliver(fake.event('charge.dispute.created', opened))).json()).toMatchObject({
      applied: true,
    });
    // The same balance transaction in Stripe's funds_withdrawn: nothing more.
    await deliver(fake.event('charge.dispute.funds_withdrawn', opened));
    expect(await balanceOf('processor-fees')).toBe(before.processor + FAKE_DISPUTE_FEE);
    expect(await balanceOf('platform-fees')).toBe(before.platform - FAKE_DISPUTE_FEE);
    expect(await h.escrowOf(dealId)).toBe(deal.posterPays);

    const won = fakeDispute({ ...dispute, status: 'won' }, ['withdrawn', 'reinstated']);
    await deliver(fake.event('charge.dispute.funds_reinstated', won));
    await deliver(fake.event('charge.dispute.closed', won));
    expect(await balanceOf('processor-fees')).toBe(before.processor);
    expect(await balanceOf('platform-fees')).toBe(before.platform);
    expect(await feesOf(dealId)).toEqual([
      { kind: 'dispute-fee', key: `deal:${dealId}:dispute-fee:txn_${dispute.id}_withdrawn` },
      {
        kind: 'dispute-fee-returned',
        key: `deal:${dealId}:dispute-fee:txn_${dispute.id}_reinstated`,
      },
    ]);
    // Won, the deal's money moves on as before.
    expect((await h.act(owner, dealId, 'release')).statusCode).toBe(200);
    await h.balanced();
  });

  it('a lost chargeback keeps its fee: the money and the fee both the platform’s loss', async () => {
    const { dealId, intent, deal } = await fundedDeal(121);
    const dispute = {
      id: `dp_lost_${dealId.slice(0, 8)}`,
      charge: intent.latest_charge,
      amount: deal.posterPays,
      status: 'needs_response',
    };
    await deliver(fake.event('charge.dispute.created', fakeDispute(dispute, ['withdrawn'])));
    const lost = fakeDispute({ ...dispute, status: 'lost' }, ['withdrawn']);
    const closed = fake.event('charge.dispute.closed', lost);
    expect((await deliver(closed)).json()).toMatchObject({ applied: true });
    expect((await deliver(closed)).json()).toMatchObject({ replayed: true });
    expect((await h.state(dealId)).state).toBe('cancelled');
    expect((await feesOf(dealId)).map((f) => f.kind)).toEqual(['dispute-fee']);
    await h.balanced();
  });
});
