/**
 * `npm run bench:api`: the API under load on PostgreSQL at 100,000 tasks and 300,000 bids
 * (and, with `--million`, at 1,000,000 tasks and 3,000,000 bids too). Seeds databases of its
 * own (`<prefix>_<tasks>`; reused while their sizes match, and only ever dropped when this
 * script created them), starts the real server, and runs autocannon on every list shape the
 * aims name: browse page 1 in each sort, deep pages, searches with filters, location,
 * skills, a common word, a task detail and a task's bids, the server-rendered home and
 * browse pages (HTML with their screen and data); the ceiling (a bare node:http + pg
 * server answering browse page 1 through its index) in the same run; and browse page 1 at
 * 10,000 tasks for the scaling aim. Every list is measured twice: with the server's list
 * cache (repeated anonymous requests are answered from memory) and with it off (every
 * request runs its query: what a miss costs). Then private messages (a 10,000-message
 * thread, an inbox of 1,000 threads) on a database of their own, and payment protection
 * (accepting a bid and paying for it, releasing a payment, the ledger's transactions a
 * second) on another. Prints each figure with its aim; never fails on them.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   … npm run bench:api -- --million                      (adds the 1,000,000-task run)
 *   … npm run bench:api -- --duration 3 --connections 10 --warmup 1   (a quick look)
 *   … npm run bench:api -- --pages-only                   (the server-rendered pages only)
 *   … npm run bench:api -- --threads-only --threads-db taskbid_threadbench   (messages only)
 *   … npm run bench:api -- --deals-only --duration 5 --warmup 2   (payment protection only, short)
 *
 * Its parts are in bench/api/: measuring and the table (measure.ts), the seeded databases
 * (seed.ts), the task sizes (sizes.ts), `--overload` (overload.ts), private messages
 * (threads.ts), payment protection (deals.ts).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { buildClient } from './server.ts';
import { print, type ApiBench } from './api/measure.ts';
import { overload } from './api/overload.ts';
import { benchPages, benchSize, printSize, smallSize, type SizeFigures } from './api/sizes.ts';
import { benchThreads, printThreads } from './api/threads.ts';
import { benchDeals, printDeals } from './api/deals.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    tasks: { type: 'string', default: '100000' },
    bids: { type: 'string', default: '300000' },
    'small-tasks': { type: 'string', default: '10000' },
    'small-bids': { type: 'string', default: '30000' },
    million: { type: 'boolean', default: false },
    overload: { type: 'boolean', default: false },
    'db-prefix': { type: 'string', default: 'taskbid_apibench' },
    /** The server-rendered pages only, at `--tasks`. */
    'pages-only': { type: 'boolean', default: false },
    /** Private messages only (skips the task sizes). */
    'threads-only': { type: 'boolean', default: false },
    'threads-db': { type: 'string', default: 'taskbid_threadbench' },
    /** Payment protection only (skips the task sizes and messages). */
    'deals-only': { type: 'boolean', default: false },
    'deals-db': { type: 'string', default: 'taskbid_dealbench' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write(
    'bench:api needs a PostgreSQL server: DATABASE_URL=postgres://user@host:5432/postgres npm run bench:api\n' +
      '(it creates databases of its own there; the one named in the URL is only used to create them)\n',
  );
  process.exit(1);
}

// Production mode wants a mail relay: a local SMTP sink takes the sign-up mail.
const smtp = await startSmtpServer();
// The built client, with its server entry: the server-rendered pages are measured too.
const staticDir = buildClient();
const bench: ApiBench = {
  adminUrl,
  serverEnv: {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    SMTP_URL: smtp.url,
    STATIC_DIR: staticDir,
  },
  load: { duration: DURATION, connections: CONNECTIONS, warmup: WARMUP },
};

async function main() {
  const prefix = values['db-prefix'];
  if (values.overload) return overload(bench, prefix, Number(values.tasks), Number(values.bids));
  if (values['pages-only']) {
    return benchPages(bench, Number(values.tasks), Number(values.bids), prefix);
  }
  if (values['threads-only']) return printThreads(await benchThreads(bench, values['threads-db']));
  if (values['deals-only']) {
    process.stdout.write(
      `${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up\n`,
    );
    return printDeals(await benchDeals(bench, values['deals-db']));
  }
  const sizes: [number, number][] = [[Number(values.tasks), Number(values.bids)]];
  if (values.million) sizes.push([1_000_000, 3_000_000]);
  const smallTasks = Number(values['small-tasks']);
  process.stdout.write(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const results: SizeFigures[] = [];
  for (const [tasks, bids] of sizes) results.push(await benchSize(bench, tasks, bids, prefix));
  const smallRows = await smallSize(bench, prefix, smallTasks, Number(values['small-bids']));

  for (const result of results) printSize(result, smallRows);
  print(smallRows);
  const threadRows = await benchThreads(bench, values['threads-db']);
  printThreads(threadRows);
  printDeals(await benchDeals(bench, values['deals-db']));
  const met = [...results.flatMap((r) => r.rows), ...threadRows].filter((r) => r.aim);
  process.stdout.write(
    `\nlatency aims met: ${met.filter((r) => r.met).length} of ${met.length}; load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
}

try {
  await main();
} finally {
  await smtp.stop();
}
