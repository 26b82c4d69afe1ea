import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../platform/db/schema.ts';
import {
  accountFor,
  balanceOf,
  postTransaction,
  reconcile,
  type LedgerAccount,
  type TransactionInput,
} from './index.ts';
import { paymentsPersonalData } from './personal-data.ts';

describe('the ledger', () => {
  const t = useTestApp();
  const db = (): Db => t.app.database.db;
  let card: LedgerAccount;
  let fees: LedgerAccount;

  beforeAll(async () => {
    card = await accountFor(db(), 'card', null, 'USD');
    fees = await accountFor(db(), 'platform-fees', null, 'USD');
  });

  const escrowOf = (deal = randomUUID()) => accountFor(db(), 'escrow', deal, 'USD');
  const earningsOf = (user = randomUUID()) => accountFor(db(), 'earnings', user, 'USD');
  const balance = async (account: LedgerAccount) => (await balanceOf(db(), account.id)).amount;
  const transactionsKeyed = async (key: string) =>
    (
      await db()
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, key))
    )[0]!.n;
  /** Money from `from` to `to`, as one transaction of two postings. */
  const move = (key: string, from: LedgerAccount, to: LedgerAccount, cents: number) =>
    ({
      idempotencyKey: key,
      kind: 'move',
      postings: [
        { account: from.id, amount: money(-cents) },
        { account: to.id, amount: money(cents) },
      ],
    }) satisfies TransactionInput;
  /** The database's own refusal of a statement (Drizzle wraps it as the cause). */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await db().execute(statement);
    } catch (error) {
      return String((error as { cause?: { message?: string } }).cause?.message ?? error);
    }
    return 'nothing refused';
  };
  const fund = async (escrow: LedgerAccount, cents: number) =>
    postTransaction(db(), move(`fund:${randomUUID()}`, card, escrow, cents));

  describe('accounts', () => {
    it('makes an account once, however many ask at once', async () => {
      const deal = randomUUID();
      const made = await Promise.all(
        Array.from({ length: 10 }, () => accountFor(db(), 'escrow', deal, 'USD')),
      );
      expect(new Set(made.map((a) => a.id)).size).toBe(1);
      expect(made[0]).toMatchObject({ kind: 'escrow', ownerId: deal, mayGoNegative: false });
      expect(await accountFor(db(), 'card', null, 'USD')).toEqual({ ...card, balance: 0 });
      expect(card.mayGoNegative).toBe(true);
    });

    it('refuses an escrow or earnings account without an owner, and an owner for the others', async () => {
      await expect(accountFor(db(), 'escrow', null, 'USD')).rejects.toMatchObject({
        code: 'INVALID_TRANSACTION',
      });
      await expect(accountFor(db(), 'earnings', null, 'USD')).rejects.toThrow(/needs an owner/);
      await expect(accountFor(db(), 'card', 'someone', 'USD')).rejects.toThrow(/has no owner/);
    });
  });

  describe('posting', () => {
    it('moves money in one balanced transaction, keeping the balances', async () => {
      const escrow = await escrowOf();
      const before = await balance(card);
      const posted = await postTransaction(db(), {
        ...move(`fund:${escrow.id}`, card, escrow, 10_500),
        kind: 'fund',
        ref: escrow.ownerId,
        metadata: { quote: '2026-11-27' },
      });
      expect(posted).toMatchObject({ kind: 'fund', ref: escrow.ownerId, replayed: false });
      expect(await balance(escrow)).toBe(10_500);
      expect(await balance(card)).toBe(before - 10_500);
      const lines = await db()
        .select({ amount: ledgerPostings.amount, currency: ledgerPostings.currency })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.transactionId, posted.id))
        .orderBy(ledgerPostings.amount);
      expect(lines).toEqual([
        { amount: -10_500, currency: 'USD' },
        { amount: 10_500, currency: 'USD' },
      ]);
    });

    it('splits a release three ways and still balances', async () => {
      const escrow = await escrowOf();
      const earnings = await earningsOf();
      await fund(escrow, 10_500);
      const feesBefore = await balance(fees);
      await postTransaction(db(), {
        idempotencyKey: `release:${escrow.id}`,
        kind: 'release',
        postings: [
          { account: escrow.id, amount: money(-10_500) },
          { account: earnings.id, amount: money(8_500) },
          { account: fees.id, amount: money(2_000) },
        ],
      });
      expect([await balance(escrow), await balance(earnings)]).toEqual([0, 8_500]);
      expect((await balance(fees)) - feesBefore).toBe(2_000);
    });

    it.each([
      ['unbalanced postings', [-100, 99], 'UNBALANCED', /sum to -1, not 0/],
      ['a fraction of a cent', [-100.5, 100.5], 'INVALID_TRANSACTION', /whole number/],
      ['a zero posting', [0, 0], 'INVALID_TRANSACTION', /non-zero/],
      ['an unsafe integer', [-(2 ** 53), 2 ** 53], 'INVALID_TRANSACTION', /whole number/],
    ])('refuses %s and writes nothing', async (_, [a, b], code, message) => {
      const escrow = await escrowOf();
      const key = `bad:${randomUUID()}`;
      const input = {
        idempotencyKey: key,
        kind: 'fund',
        postings: [
          { account: card.id, amount: money(a!) },
          { account: escrow.id, amount: money(b!) },
        ],
      };
      const refusal = postTransaction(db(), input);
      await expect(refusal).rejects.toMatchObject({ name: 'LedgerError', code });
      await expect(postTransaction(db(), input)).rejects.toThrow(message);
      expect(await transactionsKeyed(key)).toBe(0);
      expect(await balance(escrow)).toBe(0);
    });

    it('sums exactly: huge postings whose float sum rounds to zero are still unbalanced', async () => {
      const escrow = await escrowOf();
      const huge = Number.MAX_SAFE_INTEGER;
      await expect(
        postTransaction(db(), {
          idempotencyKey: `huge:${escrow.id}`,
          kind: 'fund',
          postings: [
            { account: escrow.id, amount: money(huge) },
            { account: escrow.id, amount: money(2) },
            { account: card.id, amount: money(-huge) },
            { account: card.id, amount: money(-1) },
          ],
        }),
      ).rejects.toMatchObject({ code: 'UNBALANCED', message: /sum to 1, not 0/ });
      // Balanced, but past what a balance holds exactly.
      await fund(escrow, 10);
      await expect(
        postTransaction(db(), move(`past:${escrow.id}`, card, escrow, huge)),
      ).rejects.toMatchObject({ code: 'INVALID_TRANSACTION', message: /past 9007199254740991/ });
      expect(await balance(escrow)).toBe(10);
    });

    it('refuses a single posting, an empty key and a missing kind', async () => {
      const escrow = await escrowOf();
      const one = { idempotencyKey: 'one', kind: 'x', postings: [] };
      await expect(postTransaction(db(), one)).rejects.toThrow(/at least two postings/);
      const noKey = { ...move('', card, escrow, 1) };
      await expect(postTransaction(db(), noKey)).rejects.toThrow(/idempotency key/);
      const noKind = { ...move('k', card, escrow, 1), kind: '' };
      await expect(postTransaction(db(), noKind)).rejects.toThrow(/no kind/);
    });

    it('refuses postings in another currency than their account, or two currencies on one account', async () => {
      const escrow = await escrowOf();
      const eur = { amount: 100, currency: 'EUR' } as never;
      const eurBack = { amount: -100, currency: 'EUR' } as never;
      await expect(
        postTransaction(db(), {
          idempotencyKey: `eur:${escrow.id}`,
          kind: 'fund',
          postings: [
            { account: card.id, amount: eurBack },
            { account: escrow.id, amount: eur },
          ],
        }),
      ).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH', message: /is in USD/ });
      await expect(
        postTransaction(db(), {
          idempotencyKey: `mixed:${escrow.id}`,
          kind: 'fund',
          postings: [
            { account: card.id, amount: money(-100) },
            { account: escrow.id, amount: money(100) },
            { account: escrow.id, amount: eurBack },
            { account: card.id, amount: eur },
          ],
        }),
      ).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH', message: /both USD and EUR/ });
      expect(await transactionsKeyed(`eur:${escrow.id}`)).toBe(0);
    });

    it('refuses a posting to an account that does not exist', async () => {
      const ghost = { ...card, id: randomUUID() };
      const key = `ghost:${ghost.id}`;
      await expect(postTransaction(db(), move(key, card, ghost, 5))).rejects.toMatchObject({
        code: 'UNKNOWN_ACCOUNT',
      });
      expect(await transactionsKeyed(key)).toBe(0);
      const notAnId = { ...card, id: 'card' };
      await expect(postTransaction(db(), move(key, card, notAnId, 5))).rejects.toMatchObject({
        code: 'UNKNOWN_ACCOUNT',
        message: 'No ledger account card.',
      });
      await expect(balanceOf(db(), 'card')).rejects.toMatchObject({ code: 'UNKNOWN_ACCOUNT' });
    });
  });

  describe('idempotency', () => {
    it('posts a key once: the replay returns the same transaction and changes nothing', async () => {
      const escrow = await escrowOf();
      const input = move(`fund:${escrow.id}`, card, escrow, 2_000);
      const first = await postTransaction(db(), input);
      const again = await postTransaction(db(), {
        ...input,
        postings: [...input.postings].reverse(),
      });
      expect(again).toMatchObject({ id: first.id, replayed: true, kind: 'move' });
      expect(await transactionsKeyed(input.idempotencyKey)).toBe(1);
      expect(await balance(escrow)).toBe(2_000);
    });

    it('refuses the same key with other postings, kind or ref', async () => {
      const escrow = await escrowOf();
      const input = move(`fund:${escrow.id}`, card, escrow, 2_000);
      await postTransaction(db(), input);
      const other = move(input.idempotencyKey, card, escrow, 2_001);
      await expect(postTransaction(db(), other)).rejects.toMatchObject({
        code: 'IDEMPOTENCY_CONFLICT',
        message: /other postings/,
      });
      await expect(postTransaction(db(), { ...input, kind: 'refund' })).rejects.toThrow(
        /other kind/,
      );
      await expect(postTransaction(db(), { ...input, ref: 'deal' })).rejects.toThrow(/other ref/);
      expect(await balance(escrow)).toBe(2_000);
    });

    it('posts a key sent ten times at once exactly once', async () => {
      const escrow = await escrowOf();
      const input = move(`fund:${escrow.id}`, card, escrow, 700);
      const all = await Promise.all(Array.from({ length: 10 }, () => postTransaction(db(), input)));
      expect(new Set(all.map((p) => p.id)).size).toBe(1);
      expect(all.filter((p) => !p.replayed)).toHaveLength(1);
      expect(await transactionsKeyed(input.idempotencyKey)).toBe(1);
      expect(await balance(escrow)).toBe(700);
    });
  });

  describe('accounts that never go negative', () => {
    it('refuses a release of more than escrow holds, and nothing of it is written', async () => {
      const escrow = await escrowOf();
      const earnings = await earningsOf();
      await fund(escrow, 1_000);
      const feesBefore = await balance(fees);
      const key = `release:${escrow.id}`;
      await expect(
        postTransaction(db(), {
          idempotencyKey: key,
          kind: 'release',
          postings: [
            { account: escrow.id, amount: money(-1_001) },
            { account: earnings.id, amount: money(900) },
            { account: fees.id, amount: money(101) },
          ],
        }),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: /holds 1000; 1001 cannot/ });
      expect([await balance(escrow), await balance(earnings)]).toEqual([1_000, 0]);
      expect(await balance(fees)).toBe(feesBefore);
      expect(await transactionsKeyed(key)).toBe(0);
      // The same key is free for the right transaction.
      await postTransaction(db(), move(key, escrow, earnings, 1_000));
      expect([await balance(escrow), await balance(earnings)]).toEqual([0, 1_000]);
    });

    it('rolls back only the refused posting inside a caller’s transaction (a savepoint)', async () => {
      const escrow = await escrowOf();
      const earnings = await earningsOf();
      await db().transaction(async (tx) => {
        await postTransaction(tx, move(`in:${escrow.id}`, card, escrow, 300));
        await expect(
          postTransaction(tx, move(`over:${escrow.id}`, escrow, earnings, 301)),
        ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      });
      expect([await balance(escrow), await balance(earnings)]).toEqual([300, 0]);
      await expect(
        db().transaction(async (tx) => {
          await postTransaction(tx, move(`out:${escrow.id}`, escrow, earnings, 300));
          throw new Error('the caller fails afterwards');
        }),
      ).rejects.toThrow(/caller fails/);
      expect([await balance(escrow), await balance(earnings)]).toEqual([300, 0]);
      expect(await transactionsKeyed(`out:${escrow.id}`)).toBe(0);
    });

    it('is refused by the database too, whoever writes', async () => {
      const escrow = await escrowOf();
      expect(
        await refusal(sql`update ledger_accounts set balance = -1 where id = ${escrow.id}`),
      ).toMatch(/ledger_accounts_balance_check/);
    });
  });

  describe('concurrency', () => {
    it('20 postings at once between two accounts in both directions: no deadlock, exact balances', async () => {
      const [a, b] = [await earningsOf(), await earningsOf()];
      await fund(a, 1_000);
      await fund(b, 1_000);
      const moves = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? move(`ab:${a.id}:${i}`, a, b, 10 + i)
          : // Listed b first, the other way round, to invite a deadlock were locks not ordered.
            move(`ba:${a.id}:${i}`, b, a, 7 * i),
      );
      await Promise.all(moves.map((m) => postTransaction(db(), m)));
      const aToB = moves.filter((_, i) => i % 2 === 0).reduce((s, _, k) => s + 10 + 2 * k, 0);
      const bToA = moves.filter((_, i) => i % 2 === 1).reduce((s, _, k) => s + 7 * (2 * k + 1), 0);
      expect(await balance(a)).toBe(1_000 - aToB + bToA);
      expect(await balance(b)).toBe(1_000 + aToB - bToA);
      expect(await reconcile(db())).toMatchObject({ mismatched: [] });
    });
  });

  describe('immutability', () => {
    it('the database refuses to change or remove transactions and postings', async () => {
      const escrow = await escrowOf();
      const posted = await fund(escrow, 100);
      const refusals = [
        sql`update ledger_transactions set kind = 'other' where id = ${posted.id}`,
        sql`delete from ledger_transactions where id = ${posted.id}`,
        sql`update ledger_postings set amount = 1 where transaction_id = ${posted.id}`,
        sql`delete from ledger_postings where transaction_id = ${posted.id}`,
        sql`truncate ledger_postings`,
        sql`truncate ledger_transactions cascade`,
      ];
      for (const statement of refusals) expect(await refusal(statement)).toMatch(/is insert-only/);
      expect(
        await refusal(sql`update ledger_accounts set kind = 'card' where id = ${escrow.id}`),
      ).toMatch(/only the balance changes/);
      expect(await refusal(sql`delete from ledger_accounts where id = ${escrow.id}`)).toMatch(
        /never removed/,
      );
      expect(await balance(escrow)).toBe(100);
      expect(await transactionsKeyed(posted.idempotencyKey)).toBe(1);
    });
  });

  describe('any sequence of fund, release, refund and payout', () => {
    type Op =
      | { type: 'fund' | 'refund' | 'release'; deal: number; cents: number }
      | { type: 'payout'; cents: number }
      | { type: 'replay'; back: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        type: fc.constantFrom('fund', 'refund', 'release'),
        deal: fc.nat(2),
        cents: fc.integer({ min: 1, max: 5_000 }),
      }),
      fc.record({ type: fc.constant('payout'), cents: fc.integer({ min: 1, max: 5_000 }) }),
      fc.record({ type: fc.constant('replay'), back: fc.nat(20) }),
    );

    it('balances every transaction, never overdraws escrow, sums to zero, ignores replays', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
          const run = randomUUID();
          const deals = await Promise.all([0, 1, 2].map(() => escrowOf()));
          const worker = await earningsOf();
          const payouts = await accountFor(db(), 'payouts', null, 'USD');
          const model = new Map<string, number>([...deals, worker].map((a) => [a.id, 0]));
          const posted: TransactionInput[] = [];

          for (const [i, step] of ops.entries()) {
            let input: TransactionInput;
            if (step.type === 'replay') {
              const earlier = posted.at(-1 - (step.back % Math.max(posted.length, 1)));
              if (!earlier) continue;
              const replayed = await postTransaction(db(), earlier);
              expect(replayed.replayed).toBe(true);
              continue;
            }
            const key = `${run}:${i}`;
            if (step.type === 'payout') input = move(key, worker, payouts, step.cents);
            else {
              const escrow = deals[step.deal]!;
              if (step.type === 'fund') input = move(key, card, escrow, step.cents);
              else if (step.type === 'refund') input = move(key, escrow, card, step.cents);
              else {
                // The platform keeps a tenth (rounded down); the worker earns the rest.
                const fee = Math.floor(step.cents / 10);
                input = {
                  idempotencyKey: key,
                  kind: 'release',
                  postings: [
                    { account: escrow.id, amount: money(-step.cents) },
                    { account: worker.id, amount: money(step.cents - fee) },
                    ...(fee > 0 ? [{ account: fees.id, amount: money(fee) }] : []),
                  ],
                };
              }
            }
            const next = new Map(model);
            for (const p of input.postings)
              if (next.has(p.account)) next.set(p.account, next.get(p.account)! + p.amount.amount);
            const overdraws = [...next.values()].some((v) => v < 0);
            if (overdraws) {
              await expect(postTransaction(db(), input)).rejects.toMatchObject({
                code: 'INSUFFICIENT_FUNDS',
              });
            } else {
              await postTransaction(db(), input);
              posted.push(input);
              for (const [id, v] of next) model.set(id, v);
            }
          }

          for (const [id, expected] of model)
            expect((await balanceOf(db(), id)).amount).toBe(expected);
          const { totals, mismatched } = await reconcile(db());
          expect(totals).toEqual({ USD: 0 });
          expect(mismatched).toEqual([]);
          const [negative] = await db()
            .select({ n: count() })
            .from(ledgerAccounts)
            .where(sql`not ${ledgerAccounts.mayGoNegative} and ${ledgerAccounts.balance} < 0`);
          expect(negative!.n).toBe(0);
          const unbalanced = await db()
            .select({ id: ledgerPostings.transactionId })
            .from(ledgerPostings)
            .groupBy(ledgerPostings.transactionId, ledgerPostings.currency)
            .having(sql`sum(${ledgerPostings.amount}) <> 0`);
          expect(unbalanced).toEqual([]);
        }),
        { numRuns: 30 },
      );
    });
  });
});

describe('a worker’s earnings as personal data', () => {
  const t = useTestApp();

  it('exports their earnings lines, and keeps them when the account is erased', async () => {
    const db = t.app.database.db;
    const worker = randomUUID();
    const card = await accountFor(db, 'card', null, 'USD');
    const payouts = await accountFor(db, 'payouts', null, 'USD');
    const escrow = await accountFor(db, 'escrow', 'deal-1', 'USD');
    const earnings = await accountFor(db, 'earnings', worker, 'USD');
    const pair = (from: string, to: string, cents: number) => [
      { account: from, amount: money(-cents) },
      { account: to, amount: money(cents) },
    ];
    await postTransaction(db, {
      idempotencyKey: 'fund',
      kind: 'fund',
      ref: 'deal-1',
      postings: pair(card.id, escrow.id, 9_000),
    });
    await postTransaction(db, {
      idempotencyKey: 'release',
      kind: 'release',
      ref: 'deal-1',
      postings: pair(escrow.id, earnings.id, 9_000),
    });
    await postTransaction(db, {
      idempotencyKey: 'payout',
      kind: 'payout',
      postings: pair(earnings.id, payouts.id, 4_000),
    });

    const exported = await paymentsPersonalData.export(db, worker);
    expect(exported).toEqual({
      earnings: {
        balances: [{ amount: 5_000, currency: 'USD' }],
        lines: [
          expect.objectContaining({ kind: 'release', ref: 'deal-1', amount: 9_000 }),
          expect.objectContaining({ kind: 'payout', ref: null, amount: -4_000 }),
        ],
      },
    });
    expect(await paymentsPersonalData.export(db, randomUUID())).toEqual({
      earnings: { balances: [], lines: [] },
    });

    await db.transaction((tx) => paymentsPersonalData.erase(tx, worker, t.app.events));
    expect(await paymentsPersonalData.export(db, worker)).toEqual(exported);
  });
});
