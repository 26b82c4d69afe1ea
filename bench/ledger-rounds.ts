/**
 * The ledger's rounds, shared by `npm run bench:ledger` and `npm run bench:api`: money moved
 * by `postTransaction` between two accounts under fresh keys, from several loops at once for
 * a while, with the rate and the latencies.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/platform/db/client.ts';
import {
  accountFor,
  postTransaction,
  type LedgerAccount,
} from '../src/server/features/payments/index.ts';
import { money } from '../src/shared/payments/money.ts';

/** Money from `from` to `to` under a fresh key. */
export const move = (db: Db, kind: string, from: LedgerAccount, to: LedgerAccount) =>
  postTransaction(db, {
    idempotencyKey: randomUUID(),
    kind,
    postings: [
      { account: from.id, amount: money(-100) },
      { account: to.id, amount: money(100) },
    ],
  });

export interface RoundFigures {
  /** Steps done a second. */
  rate: number;
  count: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

/** Latency percentile `p` (0–1) of sorted `latencies`. */
export const percentile = (latencies: number[], p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;

/** Runs `step` in `loops` loops for `seconds` (a step returning false ends its loop). */
export async function round(
  loops: number,
  seconds: number,
  step: (loop: number, i: number) => Promise<unknown>,
): Promise<RoundFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        if ((await step(loop, i)) === false) return;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    count: latencies.length,
    seconds: elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** The card account and, per loop, an escrow funded once and an earnings account. */
export async function ledgerAccounts(db: Db, loops: number) {
  const card = await accountFor(db, 'card', null, 'USD');
  const own = await Promise.all(
    Array.from({ length: loops }, async () => {
      const escrow = await accountFor(db, 'escrow', randomUUID(), 'USD');
      const earnings = await accountFor(db, 'earnings', randomUUID(), 'USD');
      await move(db, 'fund', card, escrow);
      return { escrow, earnings };
    }),
  );
  // Each loop's money goes out and back: which way next, per loop across rounds (a round
  // may end between the two, and the next must not move money its escrow no longer holds).
  const out = own.map(() => true);
  const turn = (loop: number) => (out[loop] = !out[loop]);
  /** `spread`: each loop between its own escrow and earnings (no shared row). */
  const spread = (loop: number) => {
    const { escrow, earnings } = own[loop]!;
    return turn(loop)
      ? move(db, 'correction', earnings, escrow)
      : move(db, 'release', escrow, earnings);
  };
  /** `hot`: every loop refunds and funds through the one card account. */
  const hot = (loop: number) => {
    const { escrow } = own[loop]!;
    return turn(loop) ? move(db, 'fund', card, escrow) : move(db, 'refund', escrow, card);
  };
  return { spread, hot };
}
