/**
 * `npm run bench:ledger`: how many ledger transactions a second `postTransaction` posts on
 * PostgreSQL, each in a transaction of its own (as a deal's fund or release will), from
 * `--concurrency` loops at once for `--seconds`. Three rounds:
 *   single  one loop alone (the latency of a post with nothing queued before it);
 *   spread  each loop moves money between its own two accounts (a deal's escrow and a
 *           worker's earnings): no two loops lock the same row;
 *   hot     every loop funds and refunds through the one shared card account, as every
 *           payment in and out does: the row lock on it queues them all.
 * Prints transactions a second, latency percentiles and the load average (the machine may be
 * shared). Uses a database of its own (`--db`), dropped at the end. Never fails on a figure.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:ledger
 *   … npm run bench:ledger -- --seconds 5 --concurrency 4
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase, POOL_SIZE, type Database } from '../src/server/platform/db/client.ts';
import {
  accountFor,
  postTransaction,
  reconcile,
  type LedgerAccount,
} from '../src/server/features/payments/index.ts';
import { money } from '../src/shared/payments/money.ts';
import { withDatabase } from '../tests/setup/database-url.ts';
import { ownDatabase, query } from './databases.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: String(POOL_SIZE) },
    db: { type: 'string', default: 'taskbid_ledger_bench' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const MARK = 'created by npm run bench:ledger';

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write(
    'bench:ledger needs a PostgreSQL server: DATABASE_URL=postgres://user@host:5432/postgres npm run bench:ledger\n',
  );
  process.exit(1);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Money from `from` to `to` under a fresh key. */
const move = (database: Database, kind: string, from: LedgerAccount, to: LedgerAccount) =>
  postTransaction(database.db, {
    idempotencyKey: randomUUID(),
    kind,
    postings: [
      { account: from.id, amount: money(-100) },
      { account: to.id, amount: money(100) },
    ],
  });

/** Runs `step` in `loops` loops for `SECONDS`; prints the rate and latencies. */
async function round(
  label: string,
  loops: number,
  step: (loop: number, i: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await step(loop, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  say(
    `${label.padEnd(7)} ${(latencies.length / elapsed).toFixed(0).padStart(6)} transactions/s ` +
      `(${latencies.length} in ${elapsed.toFixed(1)} s; p50 ${at(0.5).toFixed(1)} ms, ` +
      `p99 ${at(0.99).toFixed(1)} ms); load average ${load()}`,
  );
}

async function main() {
  await ownDatabase(adminUrl, values.db, { mark: MARK, comment: MARK });
  const database = await openDatabase(withDatabase(adminUrl, values.db));
  try {
    const { db } = database;
    const card = await accountFor(db, 'card', null, 'USD');
    const loops = await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const escrow = await accountFor(db, 'escrow', randomUUID(), 'USD');
        const earnings = await accountFor(db, 'earnings', randomUUID(), 'USD');
        await move(database, 'fund', card, escrow);
        return { escrow, earnings };
      }),
    );
    say(
      `ledger bench: postTransaction on PostgreSQL, ${CONCURRENCY} loops (pool ${POOL_SIZE}), ${SECONDS} s a round; load average ${load()}`,
    );
    const spread = (loop: number, i: number) => {
      const { escrow, earnings } = loops[loop]!;
      return i % 2 === 0
        ? move(database, 'release', escrow, earnings)
        : move(database, 'correction', earnings, escrow);
    };
    await round('single', 1, spread);
    await round('spread', CONCURRENCY, spread);
    await round('hot', CONCURRENCY, (loop, i) => {
      const { escrow } = loops[loop]!;
      return i % 2 === 0
        ? move(database, 'fund', card, escrow)
        : move(database, 'refund', escrow, card);
    });
    const { totals, mismatched } = await reconcile(db);
    say(
      `after: totals ${JSON.stringify(totals)}, accounts off their postings: ${mismatched.length}`,
    );
  } finally {
    await database.close();
    await query(adminUrl, `drop database "${values.db}" with (force)`);
  }
}

await main();
