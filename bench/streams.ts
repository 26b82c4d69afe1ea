/**
 * `npm run bench:streams`: one real server instance on PostgreSQL holding thousands of open
 * event streams (by default 5,000: 4,000 on four task pages, 1,000 notification bells) of
 * signed-up users, opened from many loopback addresses so the per-user and per-address
 * limits hold as they would for real people. Then bids are placed through the API, one at a
 * time and then one on every task at once, and for each bid the time from its POST until
 * each stream that should hear of it did (the task's pages: `bid`; its owner's bell:
 * `notification`) is taken. Prints delivery percentiles, receivers reached, the server's
 * memory before and after opening the streams (per open stream) and its CPU time. Uses a
 * database of its own (`--db`), dropped at the end only when this run created it. Never
 * fails on a figure.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:streams
 *   … npm run bench:streams -- --streams 500 --bells 100 --bids 5   (a quick look)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildTask } from '../tests/factories/tasks.ts';
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { STREAM_LIMITS } from '../src/server/events/sse.ts';
import { DEMO_PASSWORD } from '../src/server/db/seed-data.ts';
import { NODE, ROOT, startServer, type RunningServer } from './server.ts';
import { openStreamClient, percentile, type StreamClient } from './stream-client.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '5000' },
    /** Of the streams, how many are notification bells; the rest are task pages. */
    bells: { type: 'string', default: '1000' },
    /** Signed-in people holding the streams (at most 10 each). */
    users: { type: 'string', default: '500' },
    tasks: { type: 'string', default: '4' },
    addresses: { type: 'string', default: '250' },
    bids: { type: 'string', default: '20' },
    bursts: { type: 'string', default: '5' },
    db: { type: 'string', default: 'taskbid_streams' },
  },
});
const STREAMS = Number(values.streams);
const BELLS = Number(values.bells);
const USERS = Number(values.users);
const TASKS = Number(values.tasks);
const ADDRESSES = Number(values.addresses);
const PAGES = STREAMS - BELLS;
const DELIVERY_WAIT_MS = 10_000;
const MARK = 'created by npm run bench:streams';

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write(
    'bench:streams needs a PostgreSQL server: DATABASE_URL=postgres://user@host:5432/postgres npm run bench:streams\n',
  );
  process.exit(1);
}
const perUser = Math.ceil(BELLS / USERS) + Math.ceil(PAGES / USERS);
const perAddress = perUser * Math.ceil(USERS / ADDRESSES);
if (
  perUser > STREAM_LIMITS.perUser ||
  perAddress > STREAM_LIMITS.perAddress ||
  ADDRESSES > 60_000
) {
  process.stderr.write(
    `${perUser} streams a user, ${perAddress} an address: over the limits (${STREAM_LIMITS.perUser}, ${STREAM_LIMITS.perAddress}); give more --users or --addresses\n`,
  );
  process.exit(1);
}

/** The `i`th client address: 127.0.0.2, 127.0.0.3, … (loopback only). */
const address = (i: number) => {
  const k = i % ADDRESSES;
  return `127.0.${Math.floor(k / 250)}.${2 + (k % 250)}`;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function admin(text: string, params: unknown[] = [], url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ note: string | null }>(text, params)).rows;
  } finally {
    await client.end();
  }
}

interface Usage {
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
}
/** The server's memory (after a full collection) and CPU time, from bench/server-probe.ts. */
function usage(server: RunningServer): Promise<Usage> {
  return new Promise((resolve) => {
    server.process.once('message', (m) => resolve(m as Usage));
    server.process.send('usage');
  });
}
const cpuMs = (a: Usage, b: Usage) =>
  (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000;

/** Runs `work` on every item, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

interface User {
  id: string;
  cookie: string;
  from: string;
}

/** `fetch`, tried again while the server sheds load (503, on a busy machine), up to 30 s. */
async function shedRetried(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 503 || attempt >= 30) return res;
    shed++;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
  }
}
let shed = 0;

/** Signs a seeded user in through the API (a real password check); returns their session. */
async function signIn(base: string, email: string, from: string): Promise<User> {
  const res = await shedRetried(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: user.id, cookie, from };
}

async function post(base: string, path: string, user: User, body: unknown): Promise<string> {
  const res = await shedRetried(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: user.cookie },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** One bid and who heard of it: arrival times (performance.now()) on pages and on the bell. */
interface Delivery {
  task: number;
  started: number;
  postMs: number;
  pages: number[];
  bell: number[];
}

async function run(server: RunningServer, databaseUrl: string) {
  const base = server.url;
  let t = performance.now();
  const seeded = spawnSync(
    NODE,
    [
      join(ROOT, 'src/server/db/seed-cli.ts'),
      '--tasks',
      '0',
      '--bids',
      '0',
      '--users',
      String(USERS),
    ],
    { cwd: ROOT, stdio: 'ignore', env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  if (seeded.status !== 0) throw new Error('seeding the users failed');
  const emails = (
    await admin(`select email as note from "user" order by email`, [], databaseUrl)
  ).map((row) => row.note!);
  say(`seeded ${USERS} users in ${seconds(performance.now() - t)}`);
  t = performance.now();
  const users: User[] = [];
  await inParallel(
    emails.map((email, i) => ({ email, i })),
    2,
    async ({ email, i }) => void (users[i] = await signIn(base, email, address(i))),
  );
  say(`signed each in through the API in ${seconds(performance.now() - t)}`);
  const taskIds: string[] = [];
  for (let i = 0; i < TASKS; i++)
    taskIds.push(await post(base, '/api/tasks', users[i]!, buildTask()));

  // Who hears what: a task stream's `bid` names its bid; a bell's `notification` is matched
  // to the bid its owner is waiting on.
  const byBid = new Map<string, number[]>();
  const waitingOwner = new Map<string, Delivery>();
  const pagesOf = (bidId: string) => byBid.get(bidId) ?? byBid.set(bidId, []).get(bidId)!;
  let strays = 0;

  const before = await usage(server);
  t = performance.now();
  const clients: StreamClient[] = [];
  const opens: (() => Promise<StreamClient>)[] = [];
  for (let j = 0; j < PAGES; j++) {
    const user = users[j % USERS]!;
    const taskId = taskIds[Math.floor(j / USERS) % TASKS]!;
    opens.push(() =>
      openStreamClient(`${base}/api/tasks/${taskId}/events`, {
        cookie: user.cookie,
        from: user.from,
        onEvent: (event, data, at) => {
          if (event === 'bid') pagesOf((JSON.parse(data) as { bidId: string }).bidId).push(at);
        },
      }),
    );
  }
  for (let b = 0; b < BELLS; b++) {
    const user = users[b % USERS]!;
    opens.push(() =>
      openStreamClient(`${base}/api/notifications/events`, {
        cookie: user.cookie,
        from: user.from,
        onEvent: (event, _data, at) => {
          if (event !== 'notification') return;
          const waiting = waitingOwner.get(user.id);
          if (waiting) waiting.bell.push(at);
          else strays++;
        },
      }),
    );
  }
  await inParallel(opens, 50, async (open) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return void clients.push(await open());
      } catch (error) {
        if (!/HTTP 503/.test((error as Error).message) || attempt >= 30) throw error;
        shed++;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
  const openedMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 2000));
  const opened = await usage(server);
  say(
    `opened ${clients.length} streams (${PAGES} task pages on ${TASKS} tasks, ${BELLS} bells of ${USERS} users; ${perUser} a user at most, ${perAddress} an address, from ${ADDRESSES} addresses) in ${seconds(openedMs)}; server CPU ${seconds(cpuMs(before, opened))}, ${(cpuMs(before, opened) / clients.length).toFixed(2)} ms a stream`,
  );
  const grew = (key: 'rss' | 'heapUsed') => opened.memory[key] - before.memory[key];
  say(
    `server memory before → with the streams: RSS ${mb(before.memory.rss)} → ${mb(opened.memory.rss)}, heap used ${mb(before.memory.heapUsed)} → ${mb(opened.memory.heapUsed)}`,
  );
  say(
    `memory per open stream: RSS ${(grew('rss') / clients.length / 1024).toFixed(1)} KB, heap ${(grew('heapUsed') / clients.length / 1024).toFixed(1)} KB`,
  );

  let bidder = TASKS;
  const place = async (task: number): Promise<Delivery> => {
    const owner = users[task]!;
    const d: Delivery = { task, started: performance.now(), postMs: 0, pages: [], bell: [] };
    waitingOwner.set(owner.id, d);
    const bidId = await post(base, '/api/bids', users[bidder++ % USERS]!, {
      taskId: taskIds[task],
      amount: 50 + bidder,
      deadline: '2030-06-30',
      message: null,
    });
    d.postMs = performance.now() - d.started;
    d.pages = pagesOf(bidId);
    return d;
  };
  const count = (n: number, pick: (i: number) => boolean) =>
    Array.from({ length: n }, (_, i) => i).filter(pick).length;
  const pagesPerTask = (task: number) =>
    count(PAGES, (j) => Math.floor(j / USERS) % TASKS === task);
  /** The owner of task k is user k: their bells hear of its bids. */
  const bellsOf = (task: number) => count(BELLS, (b) => b % USERS === task);
  const heard = async (ds: Delivery[]) => {
    const end = performance.now() + DELIVERY_WAIT_MS;
    const all = () =>
      ds.every((d) => d.pages.length >= pagesPerTask(d.task) && d.bell.length >= bellsOf(d.task));
    while (!all() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    for (const d of ds) waitingOwner.delete(users[d.task]!.id);
  };
  const report = async (label: string, rounds: number[][]) => {
    const start = await usage(server);
    const done: Delivery[] = [];
    for (const round of rounds) {
      const ds = await Promise.all(round.map(place));
      await heard(ds);
      done.push(...ds);
      await new Promise((r) => setTimeout(r, 250));
    }
    const end = await usage(server);
    const times = done.flatMap((d) => [...d.pages, ...d.bell].map((at) => at - d.started));
    const expected = done.reduce((n, d) => n + pagesPerTask(d.task) + bellsOf(d.task), 0);
    const slowest = done.map((d) =>
      Math.max(...[...d.pages, ...d.bell].map((at) => at - d.started)),
    );
    const f = (xs: number[]) =>
      `p50 ${percentile(xs, 50).toFixed(0)}, p99 ${percentile(xs, 99).toFixed(0)}, max ${percentile(xs, 100).toFixed(0)} ms`;
    say(`\n${label}`);
    say(`  receivers reached: ${times.length} of ${expected}`);
    say(`  delivery, every receiver (from the bid's POST): ${f(times)}`);
    say(`  last receiver of each bid: ${f(slowest)}`);
    say(`  the POST itself: ${f(done.map((d) => d.postMs))}`);
    say(
      `  server CPU: ${(cpuMs(start, end) / done.length).toFixed(1)} ms a bid (POST and fan-out)`,
    );
    const p99 = percentile(times, 99);
    say(
      `  aim: every receiver within 1 s at p99: ${p99 <= 1000 && times.length === expected ? 'met' : 'NOT met'}`,
    );
  };
  const singles = Array.from({ length: Number(values.bids) }, (_, k) => [k % TASKS]);
  await report(
    `one bid at a time: ${singles.length} bids, each to its task's ${pagesPerTask(0)} pages and its owner's ${bellsOf(0)} bells`,
    singles,
  );
  const together = Array.from({ length: Number(values.bursts) }, () =>
    Array.from({ length: TASKS }, (_, k) => k),
  );
  await report(
    `a bid on every task at once: ${together.length} rounds of ${TASKS} bids (${PAGES + TASKS * bellsOf(0)} receivers a round)`,
    together,
  );

  const ended = clients.filter((c) => c.ended()).length;
  const beats = clients.filter((c) => c.heartbeats() > 0).length;
  say(
    `\nstreams ended by the server during the run: ${ended}; streams that received a heartbeat: ${beats} (one every 15 s); bell events matched to no bid: ${strays}; requests shed (503) and tried again: ${shed}`,
  );
  say(`bench client CPU: ${seconds((process.cpuUsage().user + process.cpuUsage().system) / 1000)}`);
  for (const c of clients) c.close();
}

async function main() {
  const name = values.db;
  const [existing] = await admin(
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
    [name],
  );
  if (existing && !existing.note?.startsWith(MARK))
    throw new Error(`Database ${name} exists and was not created by this script; not touching it.`);
  if (existing) await admin(`drop database "${name}" with (force)`);
  await admin(`create database "${name}"`);
  await admin(`comment on database "${name}" is '${MARK}'`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Production mode wants a mail relay: a local SMTP sink takes the sign-up and bid mail.
  const smtp = await startSmtpServer();
  say(`streams bench: ${STREAMS} streams on one instance; load average ${load()}`);
  const server = await startServer(
    { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', SMTP_URL: smtp.url },
    { nodeArgs: ['--expose-gc', '--import', join(ROOT, 'bench/server-probe.ts')], ipc: true },
  );
  try {
    await run(server, url.toString());
  } finally {
    await server.stop();
    await smtp.stop();
    await admin(`drop database "${name}" with (force)`);
  }
  say(`load average at the end: ${load()}`);
}

await main();
