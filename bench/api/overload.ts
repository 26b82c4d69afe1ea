/**
 * `npm run bench:api -- --overload`: browse page 1 at 500 connections, every answer counted
 * by its status, and the slowest held to 2 s.
 */
import autocannon from 'autocannon';
import { startServer } from '../server.ts';
import { verdict, type ApiBench } from './measure.ts';
import { benchDatabase } from './seed.ts';

/**
 * `--overload`: browse page 1 at 500 connections on the first size. Aim: nobody waits more
 * than 2 s; what the server cannot serve is answered 503 (with Retry-After) at once. Every
 * answer counts, 503s included, by the time autocannon took from writing the request to
 * reading the whole answer; a request not answered within autocannon's 10 s is a timeout.
 */
export async function overload(bench: ApiBench, prefix: string, tasks: number, bids: number) {
  const { duration, warmup } = bench.load;
  const url = await benchDatabase(bench.adminUrl, `${prefix}_${tasks}`, tasks, bids);
  const server = await startServer({ ...bench.serverEnv, DATABASE_URL: url });
  const endpoint = `${server.url}/api/tasks`;
  try {
    process.stdout.write(
      `  browse p1 at 500 connections: warm-up ${warmup} s, then ${duration} s…\n`,
    );
    await autocannon({ url: endpoint, connections: 500, duration: warmup });
    const byStatus = new Map<number, { count: number; slowest: number }>();
    const run = autocannon({ url: endpoint, connections: 500, duration });
    run.on('response', (_client, status, _bytes, ms) => {
      const seen = byStatus.get(status) ?? { count: 0, slowest: 0 };
      byStatus.set(status, { count: seen.count + 1, slowest: Math.max(seen.slowest, ms) });
    });
    const r = await run;
    for (const [status, { count, slowest }] of [...byStatus].sort(([a], [b]) => a - b)) {
      process.stdout.write(
        `  HTTP ${status}: ${count} answers (${(count / duration).toFixed(0)}/s), slowest ${slowest.toFixed(0)} ms\n`,
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
