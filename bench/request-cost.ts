/**
 * `npm run bench:cost`: what one answer costs in CPU time, for our server and for the bare
 * ceiling (bench/ceiling.ts), on a database `npm run bench:api` seeded. Throughput and
 * latency depend on what else the machine runs; the CPU time a process spends per answer
 * much less so, which makes this the measure for before/after comparisons on a shared
 * machine. For each endpoint: warm-up, then a fixed number of requests (autocannon), and the
 * CPU time (user + system, /proc) of the Node process and of the PostgreSQL backends serving
 * its pool, divided by the answers.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cost
 *   … npm run bench:cost -- --database taskbid_apibench_100000 --requests 20000 --rounds 3
 *   … npm run bench:cost -- --only ceiling,browse        (labels that contain these words)
 *   … npm run bench:cost -- --only miss                  (searches no cache has seen)
 *   … npm run bench:cost -- --cpu-prof /tmp/prof         (our server writes a .cpuprofile there)
 *   … npm run bench:cost -- --only private               (private messages only)
 *
 * The private messages rows run on `--threads-db` (the database `npm run bench:api --
 * --threads-only` made): each round signs a new person up there and gives them 1,000
 * threads, one of 10,000 messages, as that bench does.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SORTS } from '../src/shared/constants.ts';
import { withDatabase } from '../tests/setup/database-url.ts';
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { backendPids as backendsOf, cpuMs, cpuOf } from './cpu.ts';
import { signUp, startCeiling, startServer } from './server.ts';
import { paths, SHAPES } from './api/misses.ts';
import { busyPerson, threadShapes } from './api/threads.ts';

/** The backends of the database the endpoint being measured reads. */
let measuredUrl = '';
const backendPids = () => backendsOf(measuredUrl);

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'taskbid_apibench_100000' },
    'threads-db': { type: 'string', default: 'taskbid_threadbench' },
    requests: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: '' },
    'cpu-prof': { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const ONLY = values.only ? values.only.split(',') : [];

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write('bench:cost needs DATABASE_URL=postgres://… (see bench/api.ts)\n');
  process.exit(1);
}
const databaseUrl = withDatabase(adminUrl, values.database);
const threadsUrl = withDatabase(adminUrl, values['threads-db']);
/** With `--cpu-prof`, our server's environment for writing a profile. */
const profiling: Record<string, string> = values['cpu-prof']
  ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values['cpu-prof']}` }
  : {};

interface Cost {
  label: string;
  answers: number;
  nodeUs: number;
  pgUs: number;
  reqPerSec: number;
}

/**
 * Warm-up, then `REQUESTS` requests; the CPU time each process spent per answer. With `next`,
 * every request after the first asks for the path it gives (a query no cache has seen).
 */
async function cost(
  label: string,
  url: string,
  pid: number,
  share = 1,
  headers: Record<string, string> = {},
  next?: () => string,
): Promise<Cost> {
  const amount = Math.round(REQUESTS * share);
  const requests = next && [{ setupRequest: (req: object) => ({ ...req, path: next() }) }];
  const load = { url, connections: CONNECTIONS, headers, ...(requests && { requests }) };
  await autocannon({ ...load, amount: Math.round(WARMUP * share) });
  const backends = await backendPids();
  const node0 = cpuMs(pid);
  const pg0 = cpuOf(backends);
  const r = await autocannon({ ...load, amount });
  const node = cpuMs(pid) - node0;
  const later = await backendPids();
  if (later.some((p) => !backends.includes(p)))
    process.stderr.write(`  (${label}: the pool opened connections during the run)\n`);
  const pgMs = cpuOf(backends) - pg0;
  const answers = r['2xx'];
  if (answers < amount) process.stderr.write(`  (${label}: ${amount - answers} not 200)\n`);
  process.stdout.write(
    `  ${label}: node ${((node * 1000) / answers).toFixed(0)} µs, postgres ${((pgMs * 1000) / answers).toFixed(0)} µs per answer\n`,
  );
  return {
    label,
    answers,
    nodeUs: (node * 1000) / answers,
    pgUs: (pgMs * 1000) / answers,
    reqPerSec: r.requests.average,
  };
}

const wanted = (label: string) => ONLY.length === 0 || ONLY.some((w) => label.includes(w));

async function firstTaskId(base: string): Promise<string> {
  const page = (await (await fetch(`${base}/api/tasks?page=1`)).json()) as { _id: string }[];
  return page[0]!._id;
}

/**
 * A list given to someone who owns none of its tasks is the anonymous one, byte for byte
 * (decision 1820); says so when it is not.
 */
async function sameAsAnonymous(label: string, url: string, cookie: string) {
  const [anonymous, signedIn] = await Promise.all([
    fetch(url).then((r) => r.text()),
    fetch(url, { headers: { cookie } }).then((r) => r.text()),
  ]);
  if (anonymous !== signedIn)
    process.stderr.write(
      `  (${label}: ${Buffer.byteLength(signedIn)} bytes signed in, ${Buffer.byteLength(anonymous)} anonymous)\n`,
    );
}

// Searches cost about ten times what browsing does: a tenth of the requests.
const LISTS: [string, string, number?][] = [
  ['browse p1 newest', '/api/tasks?page=1'],
  ['browse p1 priceLow', '/api/tasks?sort=priceLow'],
  [
    'search+category+price p5',
    '/api/tasks?search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow&page=5',
    0.1,
  ],
];

/** Browse page 1 in every sort, as a signed-in person who owns none of its tasks asks. */
const SIGNED_IN_BROWSE: [string, string][] = SORTS.map((sort) => [
  `browse p1 ${sort}, signed in`,
  `/api/tasks?sort=${sort}`,
]);

/**
 * Searches no cache has seen (bench/api/misses.ts): every request a query string never sent
 * before, pages 1 to 3 in every sort, then a common word's page 50 and 84 (the last one the pager offers
 * after "1,000+"); a tenth of the requests.
 */
const MISSES: [string, string, number, () => string][] = [
  ...SHAPES.map(([label, texts]): [string, string, number, () => string] => {
    const next = paths(texts);
    return [`miss: ${label}`, next(), 0.1, next];
  }),
  ...[50, 84].map((page): [string, string, number, () => string] => {
    const next = paths(SHAPES.at(-1)![1], page);
    return [`miss: common word, page ${page}`, next(), 0.1, next];
  }),
];

/**
 * The lists with the server's list cache off (every answer runs its query: the miss path,
 * comparable with runs before the cache), then with it on (repeated requests, anonymous or
 * signed in, are answered from memory); detail and health, never kept, with the cache off
 * only. Each mode's `signedIn` rows carry a session cookie.
 */
const MODES: {
  suffix: string;
  env: Record<string, string>;
  endpoints: (taskId: string) => [string, string, number?, (() => string)?][];
  signedIn: (taskId: string) => [string, string][];
}[] = [
  {
    suffix: '',
    env: { LIST_CACHE_MB: '0' },
    endpoints: (id) => [
      ...LISTS,
      ['task detail', `/api/tasks/${id}`],
      ['health (no database)', '/api/health'],
    ],
    // What reading the session adds to a cheap query, and to browsing.
    signedIn: (id) => [
      ...SIGNED_IN_BROWSE,
      ["task's bids, signed in", `/api/bids?taskId=${id}`],
      ['unread messages, signed in', '/api/threads/unread'],
    ],
  },
  {
    suffix: ' (kept)',
    env: {},
    // Kept, a search costs what browsing does: all the requests. Misses run as in production.
    endpoints: () => [...LISTS.map(([label, path]): [string, string] => [label, path]), ...MISSES],
    signedIn: () => SIGNED_IN_BROWSE,
  },
];

const MESSAGES = 'private messages';

async function round(): Promise<Cost[]> {
  const costs: Cost[] = [];
  if (wanted('ceiling')) {
    measuredUrl = databaseUrl;
    const ceiling = await startCeiling(databaseUrl);
    try {
      costs.push(await cost('ceiling: browse p1 (node:http + pg)', `${ceiling.url}/`, ceiling.pid));
    } finally {
      await ceiling.stop();
    }
  }
  const smtp = await startSmtpServer();
  try {
    for (const mode of MODES) {
      // A mode none of whose rows are wanted starts no server (and needs no database).
      const labels = [...mode.endpoints(''), ...mode.signedIn('')];
      if (!labels.some(([label]) => wanted(`${label}${mode.suffix}`))) continue;
      measuredUrl = databaseUrl;
      const server = await startServer({
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        ...mode.env,
        ...profiling,
      });
      const pid = server.process.pid!;
      try {
        const id = await firstTaskId(server.url);
        for (const [label, path, share, next] of mode.endpoints(id)) {
          const name = `${label}${mode.suffix}`;
          if (wanted(name))
            costs.push(await cost(name, `${server.url}${path}`, pid, share, {}, next));
        }
        const signedIn = mode.signedIn(id).filter(([label]) => wanted(`${label}${mode.suffix}`));
        // Signed up only when a row needs it: an account is a write to the seeded database.
        const cookie = signedIn.length ? await signUp(server.url) : '';
        for (const [label, path] of signedIn) {
          const url = `${server.url}${path}`;
          costs.push(await cost(`${label}${mode.suffix}`, url, pid, 1, { cookie }));
          if (path.startsWith('/api/tasks?')) await sameAsAnonymous(label, url, cookie);
        }
      } finally {
        await server.stop();
      }
    }
    if (threadShapes('').some(([label]) => wanted(`${MESSAGES}: ${label}`)))
      costs.push(...(await messageCosts(smtp.url)));
  } finally {
    await smtp.stop();
  }
  return costs;
}

/** The private messages rows: a new busy person on the threads database, each of their reads. */
async function messageCosts(smtpUrl: string): Promise<Cost[]> {
  measuredUrl = threadsUrl;
  const server = await startServer({
    DATABASE_URL: threadsUrl,
    SMTP_URL: smtpUrl,
    ...profiling,
  });
  const costs: Cost[] = [];
  try {
    // The database already holds the bulk of other people's threads (bench:api seeded it).
    const { cookie, shapes } = await busyPerson(server.url, threadsUrl, 0);
    for (const [label, path] of shapes) {
      const name = `${MESSAGES}: ${label}`;
      if (wanted(name))
        costs.push(await cost(name, `${server.url}${path}`, server.process.pid!, 1, { cookie }));
    }
  } finally {
    await server.stop();
  }
  return costs;
}

/** Wide enough for the private messages' labels. */
const LABEL_WIDTH = 56;

const all: Cost[][] = [];
for (let i = 0; i < ROUNDS; i++) {
  process.stdout.write(`round ${i + 1} of ${ROUNDS}…\n`);
  all.push(await round());
}
const range = (xs: number[], digits = 0) => {
  const lo = Math.min(...xs).toFixed(digits);
  const hi = Math.max(...xs).toFixed(digits);
  return lo === hi ? lo : `${lo}–${hi}`;
};
process.stdout.write(
  `\n${REQUESTS} answers per endpoint and round (searches a tenth), ${CONNECTIONS} connections, ${ROUNDS} rounds, database ${values.database} (private messages: ${values['threads-db']})\n`,
);
process.stdout.write(
  `${'endpoint'.padEnd(LABEL_WIDTH)} ${'node µs'.padStart(11)} ${'pg µs'.padStart(11)} ${'req/s'.padStart(11)}   (per answer)\n`,
);
for (const [index, first] of (all[0] ?? []).entries()) {
  const rows = all.map((costs) => costs[index]!);
  process.stdout.write(
    `${first.label.padEnd(LABEL_WIDTH)} ${range(rows.map((r) => r.nodeUs)).padStart(11)} ${range(rows.map((r) => r.pgUs)).padStart(11)} ${range(rows.map((r) => r.reqPerSec)).padStart(11)}\n`,
  );
}
