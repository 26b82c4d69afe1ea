/**
 * `npm run bench:api`: the API under load on PostgreSQL at 100,000 tasks and 300,000 bids.
 * Seeds databases of its own (taskbid_apibench_100k, taskbid_apibench_1k; reused while
 * their sizes match, and only ever dropped when this script created them), starts the real
 * server, and runs autocannon on browse page 1, a filtered search on page 5, a task detail
 * and a task's bids; then the same on a bare node:http + pg server running browse page 1's
 * SQL (the ceiling), and browse page 1 at 1,000 tasks. Prints figures; never fails on them.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   … npm run bench:api -- --duration 3 --connections 10 --warmup 1   (a quick look)
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, NODE, ROOT, startServer } from './server.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    tasks: { type: 'string', default: '100000' },
    bids: { type: 'string', default: '300000' },
    'small-tasks': { type: 'string', default: '1000' },
    'small-bids': { type: 'string', default: '3000' },
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

interface Row {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  bytes: number;
  brBytes: number;
  failures: number;
  /** Status codes other than 200 and how often, plus connection errors and timeouts. */
  failureDetail: string;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const size = await bodyBytes(url, headers);
  const br = await bodyBytes(url, headers, 'br');
  process.stdout.write(`  ${label}: warm-up ${WARMUP} s, then ${DURATION} s…`);
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row: Row = {
    label,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: size.bytes,
    brBytes: br.bytes,
    failures: r.non2xx + r.errors + r.timeouts,
    failureDetail: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => code !== '200')
        .map(([code, stat]) => `${stat.count}× HTTP ${code}`),
      ...(r.errors ? [`${r.errors} errors (${r.timeouts} timeouts)`] : []),
    ].join(', '),
  };
  process.stdout.write(` ${row.reqPerSec.toFixed(0)} req/s\n`);
  return { row, total: size.total };
}

async function startCeiling(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(NODE, [join(ROOT, 'bench/ceiling.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs a new bench user up; returns the session cookie header. */
async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Bench User',
      email: `bench-${randomUUID()}@example.com`,
      password: `bench-${randomUUID()}`,
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A task of browse page 1 that has bids (the detail says how many). */
async function taskWithBids(base: string): Promise<{ id: string; bids: number }> {
  const page = (await (await fetch(`${base}/api/tasks?page=1`)).json()) as { _id: string }[];
  for (const task of page) {
    const detail = (await (await fetch(`${base}/api/tasks/${task._id}`)).json()) as {
      bidCount: number;
    };
    if (detail.bidCount >= 3) return { id: task._id, bids: detail.bidCount };
  }
  throw new Error('no task on browse page 1 has 3 bids or more');
}

const SEARCH = 'search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow&page=5';

function print(rows: Row[]) {
  const head = `${'endpoint'.padEnd(46)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'bytes'.padStart(7)} ${'br bytes'.padStart(8)} ${'failed'.padStart(6)}`;
  process.stdout.write(`\n${head}\n`);
  for (const r of rows) {
    process.stdout.write(
      `${r.label.padEnd(46)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.bytes).padStart(7)} ${String(r.brBytes).padStart(8)} ${String(r.failures).padStart(6)}\n`,
    );
  }
}

async function main() {
  const bigTasks = Number(values.tasks);
  const smallTasks = Number(values['small-tasks']);
  const bigUrl = await benchDatabase(`taskbid_apibench_${bigTasks}`, bigTasks, Number(values.bids));
  const smallUrl = await benchDatabase(
    `taskbid_apibench_${smallTasks}`,
    smallTasks,
    Number(values['small-bids']),
  );
  process.stdout.write(
    `\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up\n`,
  );
  const rows: Row[] = [];
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMITS: 'off' };

  const ceiling = await startCeiling(bigUrl);
  const top = await measure(`ceiling: browse p1, node:http+pg, ${bigTasks}`, `${ceiling.url}/`);
  rows.push(top.row);
  await ceiling.stop();

  const big = await startServer({ ...env, DATABASE_URL: bigUrl });
  let notes: string[] = [];
  try {
    const cookie = await signUp(big.url);
    const task = await taskWithBids(big.url);
    const browse = await measure(`browse p1 newest, ${bigTasks}`, `${big.url}/api/tasks?page=1`);
    rows.push(browse.row);
    const search = await measure(
      `search+category+price, priceLow, p5`,
      `${big.url}/api/tasks?${SEARCH}`,
    );
    rows.push(search.row);
    rows.push((await measure('task detail', `${big.url}/api/tasks/${task.id}`)).row);
    const bidsUrl = `${big.url}/api/bids?taskId=${task.id}`;
    rows.push((await measure(`task's bids (${task.bids}), signed in`, bidsUrl, { cookie })).row);
    notes = [
      `search matches: ${search.total} tasks (page 5 shows 49–60)`,
      `browse total: ${browse.total}`,
    ];
  } finally {
    await big.stop();
  }

  const small = await startServer({ ...env, DATABASE_URL: smallUrl });
  try {
    rows.push(
      (await measure(`browse p1 newest, ${smallTasks}`, `${small.url}/api/tasks?page=1`)).row,
    );
  } finally {
    await small.stop();
  }

  print(rows);
  for (const r of rows.filter((row) => row.failures > 0)) {
    process.stdout.write(`failed answers of ${r.label}: ${r.failureDetail}\n`);
  }
  const [ceil, browse, , , , browseSmall] = rows as [Row, Row, Row, Row, Row, Row];
  const ratio = browse.reqPerSec / ceil.reqPerSec;
  const worstP99 = Math.max(...rows.slice(1, 5).map((r) => r.p99));
  const scaleP50 = browse.p50 / browseSmall.p50;
  const scaleP99 = browse.p99 / browseSmall.p99;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  process.stdout.write(
    [
      '',
      ...notes,
      `ratio ours ÷ ceiling (browse p1 req/s): ${ratio.toFixed(2)}  (aim ≥ 0.5: ${verdict(ratio >= 0.5)})`,
      `worst p99 of our four endpoints: ${worstP99.toFixed(1)} ms  (aim ≤ 50 ms: ${verdict(worstP99 <= 50)})`,
      `browse p1 at ${bigTasks} ÷ at ${smallTasks}: p50 ×${scaleP50.toFixed(2)}, p99 ×${scaleP99.toFixed(2)}, req/s ×${(browse.reqPerSec / browseSmall.reqPerSec).toFixed(2)}  (aim latency ≤ ×1.5: ${verdict(scaleP50 <= 1.5 && scaleP99 <= 1.5)})`,
      `browse response: ${browse.bytes} B, ${browse.brBytes} B with brotli  (aim ≤ 15 KB: ${verdict(browse.bytes <= 15 * 1024)})`,
      '',
    ].join('\n'),
  );
}

await main();
