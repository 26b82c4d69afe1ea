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
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase, POOL_SIZE } from '../src/server/platform/db/client.ts';
import { reconcile } from '../src/server/features/payments/index.ts';
import { withDatabase } from '../tests/setup/database-url.ts';
import { ownDatabase, query } from './databases.ts';
import { ledgerAccounts, round, type RoundFigures } from './ledger-rounds.ts';

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

/** One round's line: the rate and latencies. */
const line = (label: string, f: RoundFigures) =>
  say(
    `${label.padEnd(7)} ${f.rate.toFixed(0).padStart(6)} transactions/s ` +
      `(${f.count} in ${f.seconds.toFixed(1)} s; p50 ${f.p50.toFixed(1)} ms, ` +
      `p99 ${f.p99.toFixed(1)} ms); load average ${load()}`,
  );

async function main() {
  await ownDatabase(adminUrl, values.db, { mark: MARK, comment: MARK });
  const database = await openDatabase(withDatabase(adminUrl, values.db));
  try {
    const { db } = database;
    const { spread, hot } = await ledgerAccounts(db, CONCURRENCY);
    say(
      `ledger bench: postTransaction on PostgreSQL, ${CONCURRENCY} loops (pool ${POOL_SIZE}), ${SECONDS} s a round; load average ${load()}`,
    );
    line('single', await round(1, SECONDS, spread));
    line('spread', await round(CONCURRENCY, SECONDS, spread));
    line('hot', await round(CONCURRENCY, SECONDS, hot));
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
