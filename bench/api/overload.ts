/**
 * `npm run bench:api -- --overload`: browse page 1 at 500 connections, every answer counted
 * by its status, and the slowest held to 2 s; the bare ceiling under the same load beside it,
 * and our server behind the balancer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startHaproxy } from '../../scripts/cluster/haproxy.ts';
import { freePort, startCeiling, startServer } from '../server.ts';
import { verdict, type ApiBench } from './measure.ts';
import { benchDatabase } from './seed.ts';

const CONNECTIONS = 500;

/** The `p`-th percentile of sorted numbers. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/**
 * 500 connections on `endpoint` for `duration` s after `warmup` s (fresh connections for the
 * measured run): prints the answers by status, and when each connection had its first answer
 * (a new connection waits for that longer than for any later one). Returns the slowest.
 */
async function underLoad(label: string, endpoint: string, warmup: number, duration: number) {
  process.stdout.write(
    `  ${label}, browse p1 at ${CONNECTIONS} connections: warm-up ${warmup} s, then ${duration} s…\n`,
  );
  await autocannon({ url: endpoint, connections: CONNECTIONS, duration: warmup });
  const byStatus = new Map<number, { count: number; slowest: number }>();
  const firstAnswer = new Map<unknown, number>();
  const startedAt = Date.now();
  const run = autocannon({ url: endpoint, connections: CONNECTIONS, duration });
  run.on('response', (client, status, _bytes, ms) => {
    const seen = byStatus.get(status) ?? { count: 0, slowest: 0 };
    byStatus.set(status, { count: seen.count + 1, slowest: Math.max(seen.slowest, ms) });
    if (!firstAnswer.has(client)) firstAnswer.set(client, Date.now() - startedAt);
  });
  const r = await run;
  for (const [status, { count, slowest }] of [...byStatus].sort(([a], [b]) => a - b)) {
    process.stdout.write(
      `    HTTP ${status}: ${count} answers (${(count / duration).toFixed(0)}/s), slowest ${slowest.toFixed(0)} ms\n`,
    );
  }
  const answered = [...byStatus.values()].reduce((sum, s) => sum + s.count, 0);
  const firsts = [...firstAnswer.values()].sort((a, b) => a - b);
  process.stdout.write(
    `    sent ${r.requests.sent}, answered ${answered}; unanswered when the run ended ${r.requests.sent - answered - r.errors}\n` +
      `    all answers: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; errors ${r.errors} (timeouts ${r.timeouts})\n` +
      `    each connection's first answer, from the start: p50 ${percentile(firsts, 50)} ms, p99 ${percentile(firsts, 99)} ms, last ${firsts.at(-1) ?? '–'} ms (${firsts.length} of ${CONNECTIONS} connections answered)\n`,
  );
  const slowest = r.timeouts > 0 || answered === 0 ? Infinity : r.latency.max;
  const said =
    r.timeouts > 0
      ? 'over 10 s (timeouts)'
      : answered === 0
        ? 'none answered'
        : `${slowest.toFixed(0)} ms`;
  return { slowest, said, failed: r.errors > 0 };
}

/**
 * `--overload`: browse page 1 at 500 connections on the first size: on the bare ceiling
 * (node:http + pg, bench/ceiling.ts), on our server, and on our server behind HAProxy as the
 * cluster configures it (scripts/cluster/haproxy.ts). Aim: nobody waits more than 2 s on ours;
 * what the server cannot serve is answered 503 (with Retry-After) at once. Every answer
 * counts, 503s included, by the time autocannon took from writing the request to reading the
 * whole answer; a request not answered within autocannon's 10 s is a timeout.
 */
export async function overload(bench: ApiBench, prefix: string, tasks: number, bids: number) {
  const { duration, warmup } = bench.load;
  const url = await benchDatabase(bench.adminUrl, `${prefix}_${tasks}`, tasks, bids);
  const ceiling = await startCeiling(url);
  try {
    const bare = await underLoad('ceiling (node:http + pg)', `${ceiling.url}/`, warmup, duration);
    process.stdout.write(`  ceiling's slowest answer: ${bare.said}\n`);
  } finally {
    await ceiling.stop();
  }
  for (const behind of [false, true]) {
    // A fresh instance each time: a process whose code is not yet optimised shows it most.
    const server = await startServer({ ...bench.serverEnv, DATABASE_URL: url });
    const proxy = behind
      ? await startHaproxy(mkdtempSync(join(tmpdir(), 'taskbid-overload-')), await freePort(), [
          { name: 'app1', port: Number(new URL(server.url).port) },
        ])
      : undefined;
    try {
      const label = behind ? 'ours behind HAProxy (the cluster configuration)' : 'ours';
      const base = proxy?.url ?? server.url;
      const ours = await underLoad(label, `${base}/api/tasks`, warmup, duration);
      process.stdout.write(
        `slowest answer, ${label}: ${ours.said}  (aim ≤ 2000 ms: ${verdict(ours.slowest <= 2000 && !ours.failed)})\n`,
      );
    } finally {
      await proxy?.stop();
      await server.stop();
    }
  }
}
