/**
 * Payment protection in `npm run bench:api`, on a database of its own with the payments
 * sandbox (production refuses it: this server runs with NODE_ENV=development): what
 * accepting a bid and paying for it costs (two requests: `POST /api/bids/:id/accept`, then
 * `POST /api/deals/:id/pay` with the sandbox's good card, which funds the deal and awards the
 * work), what releasing a funded deal costs, each from `--connections` loops at once, and
 * how many ledger transactions a second `postTransaction` posts on this machine.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { count, sql } from 'drizzle-orm';
import { openDatabase, POOL_SIZE } from '../../src/server/platform/db/client.ts';
import { ledgerTransactions, user } from '../../src/server/platform/db/schema.ts';
import { reconcile } from '../../src/server/features/payments/index.ts';
import { withDatabase } from '../../tests/setup/database-url.ts';
import { backendPids, cpuMs, cpuOf } from '../cpu.ts';
import { ownDatabase } from '../databases.ts';
import { ledgerAccounts, round, type RoundFigures } from '../ledger-rounds.ts';
import { signUp, startServer, type RunningServer } from '../server.ts';
import { print, type ApiBench, type Row } from './measure.ts';
import { MARK } from './seed.ts';

/** Bids to accept: more than the fastest run could take (pairs a second × seconds). */
const STOCK_PER_SECOND = 400;
const WORKERS = 20;
const GOOD_CARD = '4242 4242 4242 4242';

/** A request the server answered with an error status. */
class Refused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/** Refusals by status (`503` shed, …), counted as they come. */
type Failures = Map<string, number>;

/**
 * A row from a round of steps (each one or more requests) and the CPU they took: the rate
 * counts the steps that succeeded; the latencies are every step's.
 */
function rowOf(
  label: string,
  f: RoundFigures,
  failures: Failures,
  cpu: { node: number; pg: number },
): Row {
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const done = f.count - failed;
  return {
    label,
    reqPerSec: done / f.seconds,
    p50: f.p50,
    p99: f.p99,
    max: f.max,
    bytes: NaN,
    brBytes: NaN,
    failures: failed,
    load: loadavg()[0] ?? NaN,
    nodeUs: done > 0 ? (cpu.node * 1000) / done : NaN,
    pgUs: done > 0 ? (cpu.pg * 1000) / done : NaN,
    failureDetail: [...failures].map(([status, n]) => `${n}× HTTP ${status}`).join(', '),
  };
}

/** Runs `step` as `round` does, with the server's and its backends' CPU time over it. */
async function measured(
  server: RunningServer,
  databaseUrl: string,
  loops: number,
  seconds: number,
  step: (loop: number, i: number) => Promise<unknown>,
) {
  const pid = server.process.pid!;
  const backends = await backendPids(databaseUrl);
  const before = { node: cpuMs(pid), pg: cpuOf(backends) };
  const figures = await round(loops, seconds, step);
  return {
    figures,
    cpu: { node: cpuMs(pid) - before.node, pg: cpuOf(backends) - before.pg },
  };
}

/** `count` open tasks of `ownerId`, each with one pending bid by one of the workers: their bid ids. */
async function seedBids(databaseUrl: string, ownerId: string, stock: number) {
  const database = await openDatabase(databaseUrl);
  try {
    const workers = Array.from({ length: WORKERS }, (_, i) => ({
      id: randomUUID(),
      name: `Bench Worker ${i + 1}`,
      email: `bench-worker-${randomUUID()}@example.com`,
      emailVerified: true,
    }));
    await database.db.insert(user).values(workers);
    const ids = sql.raw(`array[${workers.map((w) => `'${w.id}'`).join(',')}]`);
    const inserted = await database.db.execute(sql`
      with t as (
        insert into tasks (owner_id, title, description, priority, category, deadline)
        select ${ownerId}, 'Bench deal ' || g, 'A task whose bid the bench accepts and pays.',
               'Medium', 'Design', current_date + 30
        from generate_series(1, ${stock}) g
        returning id
      )
      insert into bids (task_id, bidder_id, amount, deadline)
      select t.id, (${ids})[1 + (row_number() over ()) % ${WORKERS}], 120.50, current_date + 20
      from t
      returning id`);
    return (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}

export async function benchDeals(bench: ApiBench, name: string): Promise<Row[]> {
  const { adminUrl, load } = bench;
  await ownDatabase(adminUrl, name, { mark: MARK, comment: `${MARK}: payment protection` });
  const url = withDatabase(adminUrl, name);
  const server = await startServer({
    ...bench.serverEnv,
    NODE_ENV: 'development',
    PAYMENTS: 'sandbox',
    DATABASE_URL: url,
  });
  const rows: Row[] = [];
  try {
    const cookie = await signUp(server.url);
    const headers = { cookie, origin: server.url };
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers });
    const { user: owner } = (await session.json()) as { user: { id: string } };
    const stock = STOCK_PER_SECOND * (load.duration + load.warmup);
    process.stdout.write(`\nSeeding ${name}: ${stock} open tasks with a bid each…\n`);
    const bidIds = await seedBids(url, owner.id, stock);
    const post = async (path: string, body?: object) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body && JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Refused(res.status);
      return json;
    };
    const funded: string[] = [];
    let failures: Failures = new Map();
    const failed = (err: unknown) => {
      const status = err instanceof Refused ? String(err.status) : 'error';
      failures.set(status, (failures.get(status) ?? 0) + 1);
    };
    /** Accepts the next bid and pays for its deal; false when no bid is left. */
    const acceptAndFund = async () => {
      const bidId = bidIds.pop();
      if (!bidId) return false;
      try {
        const { dealId } = (await post(`/api/bids/${bidId}/accept`)) as { dealId: string };
        await post(`/api/deals/${dealId}/pay`, { card: GOOD_CARD });
        funded.push(dealId);
      } catch (err) {
        failed(err);
      }
      return true;
    };
    const c = load.connections;
    process.stdout.write(`  accept and fund: warm-up ${load.warmup} s, then ${load.duration} s…`);
    await round(c, load.warmup, acceptAndFund);
    failures = new Map();
    const database = await openDatabase(url);
    try {
      const posted = async () =>
        (await database.db.select({ n: count() }).from(ledgerTransactions))[0]!.n;
      const postedBefore = await posted();
      const fund = await measured(server, url, c, load.duration, acceptAndFund);
      const ledgerRate = (await posted()) - postedBefore;
      rows.push(
        rowOf(`accept and fund (2 requests), ${c} conn.`, fund.figures, failures, fund.cpu),
      );
      const fundRow = rows.at(-1)!;
      process.stdout.write(
        ` ${fundRow.reqPerSec.toFixed(0)}/s, p99 ${fundRow.p99.toFixed(1)} ms${
          fundRow.failureDetail ? ` (failed: ${fundRow.failureDetail})` : ''
        }; ledger ${(ledgerRate / fund.figures.seconds).toFixed(0)} transactions/s meanwhile\n`,
      );

      // Releases the deals just funded (no warm-up: the server is warm), while they last.
      failures = new Map();
      process.stdout.write(
        `  release: ${load.duration} s or until ${funded.length} deals run out…`,
      );
      const release = await measured(server, url, c, load.duration, async () => {
        const dealId = funded.pop();
        if (!dealId) return false;
        await post(`/api/deals/${dealId}/release`).catch(failed);
        return true;
      });
      rows.push(rowOf(`release, ${c} conn.`, release.figures, failures, release.cpu));
      const releaseRow = rows.at(-1)!;
      process.stdout.write(
        ` ${releaseRow.reqPerSec.toFixed(0)}/s, p99 ${releaseRow.p99.toFixed(1)} ms (${release.figures.seconds.toFixed(1)} s)${
          releaseRow.failureDetail ? ` (failed: ${releaseRow.failureDetail})` : ''
        }\n`,
      );

      // The ledger alone, in this process, with the server idle.
      const loops = POOL_SIZE;
      const { spread, hot } = await ledgerAccounts(database.db, loops);
      const noCpu = { node: NaN, pg: NaN };
      for (const [label, step] of [
        [`ledger: postTransaction, ${loops} loops, own accounts`, spread],
        [`ledger: postTransaction, ${loops} loops, via card`, hot],
      ] as const)
        rows.push(rowOf(label, await round(loops, load.duration, step), new Map(), noCpu));
      const { totals, mismatched } = await reconcile(database.db);
      process.stdout.write(
        `  the books after: totals ${JSON.stringify(totals)}, accounts off their postings: ${mismatched.length}\n`,
      );
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
  }
  return rows;
}

export function printDeals(rows: Row[]) {
  process.stdout.write(
    `\n== payment protection: rates are accept-and-funds, releases or ledger transactions a second (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ==`,
  );
  print(rows);
}
