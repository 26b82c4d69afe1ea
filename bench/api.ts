/**
 * `npm run bench:api`: the API under load on PostgreSQL at 100,000 tasks and 300,000 bids
 * (and, with `--million`, at 1,000,000 tasks and 3,000,000 bids too). Seeds databases of its
 * own (`<prefix>_<tasks>`; reused while their sizes match, and only ever dropped when this
 * script created them), starts the real server, and runs autocannon on every list shape the
 * aims name: browse page 1 in each sort, deep pages, searches with filters, location,
 * skills, a common word, a task detail and a task's bids; the ceiling (a bare node:http + pg
 * server answering browse page 1 through its index) in the same run; and browse page 1 at
 * 10,000 tasks for the scaling aim. Every list is measured twice: with the server's list
 * cache (repeated anonymous requests are answered from memory) and with it off (every
 * request runs its query: what a miss costs). Then private messages (a 10,000-message
 * thread, an inbox of 1,000 threads) on a database of their own. Prints each figure with its aim; never fails
 * on them.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   … npm run bench:api -- --million                      (adds the 1,000,000-task run)
 *   … npm run bench:api -- --duration 3 --connections 10 --warmup 1   (a quick look)
 *   … npm run bench:api -- --threads-only --threads-db taskbid_threadbench   (messages only)
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedThreadScale } from '../src/server/threads/seed-scale.ts';
import { NODE, ROOT, signUp, startCeiling, startServer } from './server.ts';

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
    /** Private messages only (skips the task sizes). */
    'threads-only': { type: 'boolean', default: false },
    'threads-db': { type: 'string', default: 'taskbid_threadbench' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);
const MARK = 'created by npm run bench:api';

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write(
    'bench:api needs a PostgreSQL server: DATABASE_URL=postgres://user@host:5432/postgres npm run bench:api\n' +
      '(it creates databases of its own there; the one named in the URL is only used to create them)\n',
  );
  process.exit(1);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A database with exactly `tasks` and `bids` from the project's seed; returns its URL. */
async function benchDatabase(name: string, tasks: number, bids: number): Promise<string> {
  const url = withDatabase(adminUrl, name);
  const done = `${MARK}: ${tasks} tasks, ${bids} bids`;
  const [existing] = await admin<{ note: string | null }>(
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
    [name],
  );
  if (existing?.note === done) {
    process.stdout.write(`Reusing ${name} (${tasks} tasks, ${bids} bids).\n`);
    return url;
  }
  if (existing && !existing.note?.startsWith(MARK)) {
    throw new Error(`Database ${name} exists and was not created by this script; not touching it.`);
  }
  if (existing) await admin(`drop database "${name}" with (force)`);
  await admin(`create database "${name}"`);
  await admin(`comment on database "${name}" is '${MARK}: seeding'`);
  process.stdout.write(`Seeding ${name}: ${tasks} tasks, ${bids} bids…\n`);
  const seed = spawnSync(
    NODE,
    [join(ROOT, 'src/server/db/seed-cli.ts'), '--tasks', String(tasks), '--bids', String(bids)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' } },
  );
  if (seed.status !== 0) throw new Error(`seeding ${name} failed`);
  await admin(`comment on database "${name}" is '${done}'`);
  return url;
}

/** Body bytes of one answer, as sent (`encoding` set: compressed by the server). */
function bodyBytes(url: string, headers: Record<string, string>, encoding?: string) {
  return new Promise<{ bytes: number; total: string | undefined }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          else resolve({ bytes, total: res.headers['x-total-count'] as string | undefined });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Runs `once` again while it fails with a 503 (the server shedding load), up to 30 s. */
async function shedRetried<T>(once: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (!/HTTP 503/.test((error as Error).message) || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

interface Row {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  brBytes: number;
  failures: number;
  /** The machine's 1-minute load average as the row finished (it is shared: read by it). */
  load: number;
  /** Status codes other than 200 and how often, plus connection errors and timeouts. */
  failureDetail: string;
  /** The aim this row is held to, and whether it was met (set after measuring). */
  aim?: string;
  met?: boolean;
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
) {
  const size = await shedRetried(() => bodyBytes(url, headers));
  const br = await shedRetried(() => bodyBytes(url, headers, 'br'));
  process.stdout.write(`  ${label}: warm-up ${WARMUP} s, then ${DURATION} s…`);
  await autocannon({ url, connections, duration: WARMUP, headers });
  const r = await autocannon({ url, connections, duration: DURATION, headers });
  const row: Row = {
    label,
    // Answers served (200) per second: 503s from load shedding are counted as failed.
    reqPerSec: r['2xx'] / DURATION,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bytes: size.bytes,
    brBytes: br.bytes,
    failures: r.non2xx + r.errors + r.timeouts,
    load: loadavg()[0] ?? NaN,
    failureDetail: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => code !== '200')
        .map(([code, stat]) => `${stat.count}× HTTP ${code}`),
      ...(r.errors ? [`${r.errors} errors (${r.timeouts} timeouts)`] : []),
    ].join(', '),
  };
  process.stdout.write(` ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99.toFixed(1)} ms\n`);
  return { row, total: size.total };
}

/** Holds `row` to "p99 ≤ limit ms" with at most 1 % of answers failed (shed or errors). */
function p99Aim(row: Row, limit: number, what = `p99 ≤ ${limit} ms`): Row {
  const served = row.reqPerSec * DURATION;
  const fewFailures = row.failures <= 0.01 * (served + row.failures);
  return Object.assign(row, {
    aim: fewFailures ? what : `${what}, ≤ 1 % failed`,
    met: row.p99 <= limit && fewFailures,
  });
}

/** GET as JSON; a 503 (the server shedding load on a busy machine) is tried again. */
async function getJson<T>(url: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url);
    if (res.ok) return (await res.json()) as T;
    if (res.status !== 503 || attempt >= 30) throw new Error(`${url}: HTTP ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A task of browse page 1 that has bids (the detail says how many). */
async function taskWithBids(base: string): Promise<{ id: string; bids: number }> {
  const page = await getJson<{ _id: string }[]>(`${base}/api/tasks?page=1`);
  for (const task of page) {
    const detail = await getJson<{ bidCount: number }>(`${base}/api/tasks/${task._id}`);
    if (detail.bidCount >= 3) return { id: task._id, bids: detail.bidCount };
  }
  throw new Error('no task on browse page 1 has 3 bids or more');
}

const SORTS = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'] as const;
const SEARCHES: [string, string][] = [
  [
    'search+category+price, priceLow, p1',
    'search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow',
  ],
  [
    'search+category+price, priceLow, p5',
    'search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow&page=5',
  ],
  ['location (berlin)', 'location=berlin'],
  ['skills (react, figma)', 'skills=react,figma'],
  ['common word (logo, ~5 %)', 'search=logo'],
];

function print(rows: Row[]) {
  const head = `${'endpoint'.padEnd(50)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'bytes'.padStart(7)} ${'br'.padStart(6)} ${'failed'.padStart(6)} ${'load'.padStart(5)}  aim`;
  process.stdout.write(`\n${head}\n`);
  for (const r of rows) {
    const aim = r.aim ? `${r.aim}: ${r.met ? 'met' : 'NOT met'}` : '';
    process.stdout.write(
      `${r.label.padEnd(50)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.bytes).padStart(7)} ${String(r.brBytes).padStart(6)} ${String(r.failures).padStart(6)} ${r.load.toFixed(1).padStart(5)}  ${aim}\n`,
    );
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
// Production mode wants a mail relay: a local SMTP sink takes the sign-up mail.
const smtp = await startSmtpServer();
const SERVER_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMITS: 'off',
  SMTP_URL: smtp.url,
};

/**
 * Our server with its list cache on (the default) or off (`LIST_CACHE_MB=0`: every request
 * runs its query, what a first visit or a key nobody asked for in 5 s costs). The lists
 * are measured both ways; detail and bids, which are never kept, once.
 */
const MODES = [
  { suffix: '', env: {} },
  { suffix: ' [cache off]', env: { LIST_CACHE_MB: '0' } },
] as const;

/** Browse page 1 in each sort, deep pages and the searches, on one server. */
async function listRows(base: string, tasks: number, suffix: string, notes: string[]) {
  const rows: Row[] = [];
  let total = '';
  for (const sort of SORTS) {
    const m = await measure(
      `browse p1 ${sort}, ${tasks}${suffix}`,
      `${base}/api/tasks?sort=${sort}`,
    );
    rows.push(p99Aim(m.row, 50));
    if (sort === 'newest') total = m.total ?? '';
  }
  const first = rows[0]!;
  // The last page the strip offers from page 1 (the total may be a lower bound there).
  const lastPage = Math.max(1, Math.ceil(Number(total) / 12));
  for (const page of [50, lastPage]) {
    const deep = await measure(
      `browse newest, page ${page}${suffix}`,
      `${base}/api/tasks?page=${page}`,
    );
    rows.push(
      p99Aim(deep.row, 2 * first.p99, `p99 ≤ 2 × page 1 (${(2 * first.p99).toFixed(1)} ms)`),
    );
  }
  for (const [label, query] of SEARCHES) {
    const m = await measure(`${label}${suffix}`, `${base}/api/tasks?${query}`);
    rows.push(p99Aim(m.row, 100));
    if (!suffix) notes.push(`${label}: ${m.total} matches`);
  }
  if (!suffix)
    notes.push(`browse total on page 1: ${total} (last page the strip offers: ${lastPage})`);
  return rows;
}

/** Every figure at one size: the ceiling, then our server on each list shape, both ways. */
async function benchSize(tasks: number, bids: number, prefix: string) {
  const url = await benchDatabase(`${prefix}_${tasks}`, tasks, bids);
  process.stdout.write(`\n${tasks} tasks, ${bids} bids\n`);
  const rows: Row[] = [];
  const ceiling = await startCeiling(url);
  const top = (await measure(`ceiling: browse p1, node:http+pg, ${tasks}`, `${ceiling.url}/`)).row;
  rows.push(top);
  await ceiling.stop();

  const notes: string[] = [];
  const browse: Row[] = [];
  for (const mode of MODES) {
    const server = await startServer({ ...SERVER_ENV, ...mode.env, DATABASE_URL: url });
    try {
      const lists = await listRows(server.url, tasks, mode.suffix, notes);
      browse.push(lists[0]!);
      rows.push(...lists);
      if (mode.suffix) continue;
      const cookie = await signUp(server.url);
      const task = await taskWithBids(server.url);
      rows.push(
        p99Aim((await measure('task detail', `${server.url}/api/tasks/${task.id}`)).row, 30),
      );
      const bidsUrl = `${server.url}/api/bids?taskId=${task.id}`;
      rows.push(
        p99Aim(
          (await measure(`task's bids (${task.bids}), signed in`, bidsUrl, { cookie })).row,
          30,
        ),
      );
    } finally {
      await server.stop();
    }
  }
  for (const row of browse) {
    const ratio = top.reqPerSec > 0 ? row.reqPerSec / top.reqPerSec : NaN;
    notes.push(
      Number.isFinite(ratio)
        ? `ratio ours ÷ ceiling (${row.label}, answers 200 per s): ${ratio.toFixed(2)}  (aim ≥ 0.7: ${verdict(ratio >= 0.7)})`
        : 'ratio ours ÷ ceiling: n/a (the ceiling served nothing)',
    );
  }
  return { rows, notes, browse };
}

/**
 * `--overload`: browse page 1 at 500 connections on the first size. Aim: nobody waits more
 * than 2 s; what the server cannot serve is answered 503 (with Retry-After) at once. Every
 * answer counts, 503s included, by the time autocannon took from writing the request to
 * reading the whole answer; a request not answered within autocannon's 10 s is a timeout.
 */
async function overload(prefix: string) {
  const tasks = Number(values.tasks);
  const url = await benchDatabase(`${prefix}_${tasks}`, tasks, Number(values.bids));
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: url });
  const endpoint = `${server.url}/api/tasks`;
  try {
    process.stdout.write(
      `  browse p1 at 500 connections: warm-up ${WARMUP} s, then ${DURATION} s…\n`,
    );
    await autocannon({ url: endpoint, connections: 500, duration: WARMUP });
    const byStatus = new Map<number, { count: number; slowest: number }>();
    const run = autocannon({ url: endpoint, connections: 500, duration: DURATION });
    run.on('response', (_client, status, _bytes, ms) => {
      const seen = byStatus.get(status) ?? { count: 0, slowest: 0 };
      byStatus.set(status, { count: seen.count + 1, slowest: Math.max(seen.slowest, ms) });
    });
    const r = await run;
    for (const [status, { count, slowest }] of [...byStatus].sort(([a], [b]) => a - b)) {
      process.stdout.write(
        `  HTTP ${status}: ${count} answers (${(count / DURATION).toFixed(0)}/s), slowest ${slowest.toFixed(0)} ms\n`,
      );
    }
    // Autocannon stops at the end without waiting for what is still unanswered (at most
    // one request a connection); a run that got no answers has measured nothing.
    const answered = [...byStatus.values()].reduce((sum, s) => sum + s.count, 0);
    process.stdout.write(
      `  sent ${r.requests.sent}, answered ${answered}; unanswered when the run ended ${r.requests.sent - answered - r.errors}\n`,
    );
    const slowest = r.timeouts > 0 || answered === 0 ? Infinity : r.latency.max;
    process.stdout.write(
      `  all answers: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; errors ${r.errors} (timeouts ${r.timeouts})\n` +
        `slowest answer: ${r.timeouts > 0 ? 'over 10 s (timeouts)' : answered === 0 ? 'none answered' : `${slowest.toFixed(0)} ms`}  (aim ≤ 2000 ms: ${verdict(slowest <= 2000 && r.errors === 0)})\n`,
    );
  } finally {
    await server.stop();
  }
}

/* ---------- Private messages ---------- */

const THREADS = { inbox: 1000, longThread: 10_000, others: 20_000 };

/**
 * Private messages on a fresh database of their own (`--threads-db`, made again each run,
 * only ever dropped when this script made it): a person with 1,000 threads, one of them
 * 10,000 messages long, among 20,000 threads of other people. Their newest 50 messages, the
 * first page of their inbox, the thread and the unread count, each at p99 ≤ 50 ms.
 */
async function benchThreads(name: string) {
  const [existing] = await admin<{ note: string | null }>(
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
    [name],
  );
  if (existing && !existing.note?.startsWith(MARK))
    throw new Error(`Database ${name} exists and was not created by this script; not touching it.`);
  if (existing) await admin(`drop database "${name}" with (force)`);
  await admin(`create database "${name}"`);
  await admin(`comment on database "${name}" is '${MARK}: private messages'`);
  const url = withDatabase(adminUrl, name);
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: url });
  const rows: Row[] = [];
  try {
    const cookie = await signUp(server.url);
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    const { user } = (await session.json()) as { user: { id: string } };
    process.stdout.write(
      `\nSeeding ${name}: ${THREADS.inbox} threads of one person, one of ${THREADS.longThread} messages, ${THREADS.others} others…\n`,
    );
    const database = await openDatabase(url);
    let longThreadId: string;
    try {
      ({ longThreadId } = await seedThreadScale(database.db, {
        userId: user.id,
        threads: THREADS.inbox,
        longThread: THREADS.longThread,
        otherThreads: THREADS.others,
      }));
    } finally {
      await database.close();
    }
    const shapes: [string, string][] = [
      [
        `thread of ${THREADS.longThread} messages, last 50`,
        `/api/threads/${longThreadId}/messages`,
      ],
      [`thread list, ${THREADS.inbox} threads, page 1`, '/api/threads'],
      ['one thread (header, Seen)', `/api/threads/${longThreadId}`],
      ['unread count', '/api/threads/unread'],
    ];
    for (const [label, path] of shapes)
      rows.push(p99Aim((await measure(label, `${server.url}${path}`, { cookie })).row, 50));
    // What the machine gives a trivial signed-in read right now, to read the rows above by.
    const reference = '/api/notifications/unread-count';
    rows.push(
      (await measure('reference: notification count', `${server.url}${reference}`, { cookie })).row,
    );
  } finally {
    await server.stop();
  }
  return rows;
}

function printThreads(rows: Row[]) {
  process.stdout.write(
    `\n== private messages (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ==`,
  );
  print(rows);
}

async function main() {
  const prefix = values['db-prefix'];
  if (values.overload) return overload(prefix);
  if (values['threads-only']) return printThreads(await benchThreads(values['threads-db']));
  const sizes: [number, number][] = [[Number(values.tasks), Number(values.bids)]];
  if (values.million) sizes.push([1_000_000, 3_000_000]);
  const smallTasks = Number(values['small-tasks']);
  process.stdout.write(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const results = [];
  for (const [tasks, bids] of sizes)
    results.push({ tasks, ...(await benchSize(tasks, bids, prefix)) });

  const smallUrl = await benchDatabase(
    `${prefix}_${smallTasks}`,
    smallTasks,
    Number(values['small-bids']),
  );
  const smallRows: Row[] = [];
  for (const mode of MODES) {
    const small = await startServer({ ...SERVER_ENV, ...mode.env, DATABASE_URL: smallUrl });
    try {
      const label = `browse p1 newest, ${smallTasks}${mode.suffix}`;
      smallRows.push((await measure(label, `${small.url}/api/tasks?page=1`)).row);
    } finally {
      await small.stop();
    }
  }

  for (const result of results) {
    process.stdout.write(`\n== ${result.tasks} tasks ==`);
    print(result.rows);
    for (const r of result.rows.filter((row) => row.failures > 0)) {
      process.stdout.write(`failed answers of ${r.label}: ${r.failureDetail}\n`);
    }
    process.stdout.write(`${result.notes.join('\n')}\n`);
    for (const [index, row] of result.browse.entries()) {
      const smallRow = smallRows[index]!;
      const scaleP50 = row.p50 / smallRow.p50;
      const scaleP99 = row.p99 / smallRow.p99;
      process.stdout.write(
        `${row.label} ÷ ${smallRow.label}: p50 ×${scaleP50.toFixed(2)}, p99 ×${scaleP99.toFixed(2)}  (aim ≤ ×1.5: ${verdict(scaleP50 <= 1.5 && scaleP99 <= 1.5)})\n`,
      );
    }
  }
  print(smallRows);
  const threadRows = await benchThreads(values['threads-db']);
  printThreads(threadRows);
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
