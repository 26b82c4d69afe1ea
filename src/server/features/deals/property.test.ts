import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import type { TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { FAULTS } from '../../../shared/payments/deal-machine.ts';
import {
  deals,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  paymentEvents,
  sandboxOperations,
} from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { runDealTimers } from './jobs.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from './sandbox.ts';

/*
 * Random sequences of the sides' steps (price changes too), operators' rulings, timers and replayed events over a
 * few deals: whatever happens, every ledger transaction balances, no escrow goes negative,
 * a deal's escrow holds its payment exactly while the deal is paid and unsettled (nothing in
 * a final state), all balances sum to zero, and replaying every event changes nothing.
 */
const HELD = ['funded', 'payment-requested', 'cancellation-requested', 'disputed'];

const step = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), card: fc.constantFrom(...Object.values(CARDS)) }),
  fc.record({ op: fc.constant('authenticate' as const) }),
  fc.record({ op: fc.constant('request-payment' as const) }),
  fc.record({ op: fc.constant('release' as const), twice: fc.boolean() }),
  fc.record({ op: fc.constant('ask-changes' as const) }),
  fc.record({
    op: fc.constant('request-cancellation' as const),
    owner: fc.boolean(),
    fault: fc.constantFrom(...FAULTS),
  }),
  fc.record({ op: fc.constantFrom('agree' as const, 'decline' as const), owner: fc.boolean() }),
  fc.record({
    op: fc.constant('rule' as const),
    outcome: fc.constantFrom('release', 'refund', 'split'),
    share: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  }),
  fc.record({ op: fc.constant('withdraw' as const) }),
  fc.record({ op: fc.constant('time' as const) }),
  fc.record({ op: fc.constant('replay' as const) }),
  fc.record({ op: fc.constant('onboard' as const) }),
  // Price changes: a factor of the current price (below 1 asks for a bad amount).
  fc.record({
    op: fc.constant('ask-more' as const),
    factor: fc.double({ min: 0.9, max: 2, noNaN: true }),
  }),
  fc.record({
    op: fc.constant('approve-more' as const),
    card: fc.constantFrom(...Object.values(CARDS)),
    twice: fc.boolean(),
  }),
  fc.record({ op: fc.constant('decline-more' as const) }),
  fc.record({
    op: fc.constant('raise' as const),
    factor: fc.double({ min: 1, max: 1.5, noNaN: true }),
    card: fc.constantFrom(...Object.values(CARDS)),
  }),
  fc.record({
    op: fc.constant('lower' as const),
    factor: fc.double({ min: 0.3, max: 1.1, noNaN: true }),
  }),
);

describe('deals: any sequence of actions keeps the books', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, moderator] = useUsers(t, 3);
  const h = dealHelpers(t, owner, worker);
  const db = () => t.app.database.db;
  beforeAll(async () => {
    await createOperatorRepository(db(), t.app.sessions).setRoleFromConsole(
      moderator.email,
      'moderator',
    );
  });

  const replayEvents = async () => {
    if (t.app.config.payments.mode !== 'sandbox') throw new Error('payments are off');
    const secret = t.app.config.payments.eventSecret;
    for (const e of await db().select().from(paymentEvents)) {
      const { body, signature } = signSandboxEvent(secret, JSON.stringify(e.payload));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/events',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      expect(res.json()).toMatchObject({ replayed: true, applied: false });
    }
  };
  const books = async () => ({
    transactions: (await db().select({ id: ledgerTransactions.id }).from(ledgerTransactions))
      .length,
    balances: await db()
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .orderBy(ledgerAccounts.id),
    states: await db().select({ id: deals.id, state: deals.state }).from(deals).orderBy(deals.id),
  });

  const priceTimes = async (dealId: string, factor: number) =>
    Math.round((await h.state(dealId)).price * factor);

  async function perform(dealId: string, s: StepValue) {
    const side = (isOwner: boolean): TestUser => (isOwner ? owner : worker);
    switch (s.op) {
      case 'pay':
        return [await h.act(owner, dealId, 'pay', { card: s.card })];
      case 'authenticate': {
        const [pending] = await db()
          .select({ id: sandboxOperations.id })
          .from(sandboxOperations)
          .where(
            and(
              eq(sandboxOperations.dealId, dealId),
              eq(sandboxOperations.status, 'requires-authentication'),
            ),
          );
        return pending ? [await h.act(owner, dealId, `charges/${pending.id}/authenticate`)] : [];
      }
      case 'request-payment':
        return [await h.act(worker, dealId, 'request-payment')];
      case 'release':
        return Promise.all(
          Array.from({ length: s.twice ? 2 : 1 }, () => h.act(owner, dealId, 'release')),
        );
      case 'ask-changes':
        return [await h.act(owner, dealId, 'ask-changes', { reason: 'Please change it' })];
      case 'request-cancellation':
        return [
          await h.act(side(s.owner), dealId, 'request-cancellation', {
            reason: 'Cannot go on',
            fault: s.fault,
          }),
        ];
      case 'agree':
        return [await h.act(side(s.owner), dealId, 'agree-cancellation')];
      case 'decline':
        return [await h.act(side(s.owner), dealId, 'decline-cancellation', { reason: 'No' })];
      case 'rule': {
        const price = (await h.state(dealId)).price;
        const workerShare = Math.min(price - 1, Math.max(1, Math.round(price * s.share)));
        return [
          await h.call('POST', `/api/admin/deals/${dealId}/rule`, moderator, {
            outcome: s.outcome,
            reason: 'Ruled',
            ...(s.outcome === 'split' ? { workerShare } : {}),
          }),
        ];
      }
      case 'withdraw':
        return [await h.act(owner, dealId, 'withdraw')];
      case 'time':
        await h.age(dealId, '6 days');
        await runDealTimers(db(), t.app.config.payments);
        return [];
      case 'replay': {
        const before = await books();
        await replayEvents();
        expect(await books()).toEqual(before);
        return [];
      }
      case 'onboard':
        return [await h.call('POST', '/api/payments/payee', worker)];
      case 'ask-more':
        return [
          await h.act(worker, dealId, 'ask-price-increase', {
            price: await priceTimes(dealId, s.factor),
            reason: 'More work',
          }),
        ];
      case 'approve-more':
        return Promise.all(
          Array.from({ length: s.twice ? 2 : 1 }, () =>
            h.act(owner, dealId, 'approve-price-increase', { card: s.card }),
          ),
        );
      case 'decline-more':
        return [await h.act(owner, dealId, 'decline-price-increase')];
      case 'raise':
        return [
          await h.act(owner, dealId, 'raise-price', {
            price: await priceTimes(dealId, s.factor),
            card: s.card,
          }),
        ];
      case 'lower':
        return [
          await h.call('POST', `/api/admin/deals/${dealId}/price`, moderator, {
            action: 'lower',
            price: await priceTimes(dealId, s.factor),
            reason: 'Agreed',
          }),
        ];
    }
  }

  async function checkBooks() {
    const unbalanced = await db()
      .select({ id: ledgerPostings.transactionId })
      .from(ledgerPostings)
      .groupBy(ledgerPostings.transactionId, ledgerPostings.currency)
      .having(sql`sum(${ledgerPostings.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
    const negative = await db()
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'escrow'), sql`${ledgerAccounts.balance} < 0`));
    expect(negative).toEqual([]);
    for (const deal of await db().select().from(deals))
      expect(await h.escrowOf(deal.id), `${deal.id} ${deal.state}`).toBe(
        HELD.includes(deal.state) ? deal.posterPays : 0,
      );
    await h.balanced();
  }

  it(
    'balances, never negative, zero when final, replays change nothing',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(1), step), { minLength: 1, maxLength: 14 }),
          fc.integer({ min: 100, max: 250_000 }),
          async (steps, cents) => {
            // One deal paid already (so the later states are in reach), one waiting for its payment.
            const ids = [(await h.funded(cents / 100)).dealId, (await h.newDeal(75)).dealId];
            for (const [which, s] of steps)
              for (const res of await perform(ids[which]!, s))
                expect(res.statusCode, res.body).toBeLessThan(500);
            await checkBooks();
            const before = await books();
            await replayEvents();
            expect(await books()).toEqual(before);
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});

type StepValue = typeof step extends fc.Arbitrary<infer V> ? V : never;
