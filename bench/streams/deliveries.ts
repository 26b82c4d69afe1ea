/**
 * The bids of `npm run bench:streams`: placed through the API one at a time, then one on
 * every task at once, and for each the time from its POST until every stream that should
 * hear of it did; printed as percentiles with the server's CPU time a bid.
 */
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '../server.ts';
import { percentile } from '../stream-client.ts';
import { cpuMs, say, usage } from './figures.ts';
import { bellsOf, pagesPerTask, type Layout } from './layout.ts';
import type { Delivery, Listeners } from './listeners.ts';
import { post, type User } from './people.ts';

const DELIVERY_WAIT_MS = 10_000;

/** `bids` bids one at a time, then `bursts` rounds of a bid on every task at once. */
export async function placeBids(
  server: RunningServer,
  layout: Layout,
  users: User[],
  taskIds: string[],
  listeners: Listeners,
  { bids, bursts }: { bids: number; bursts: number },
) {
  const base = server.url;
  const { pagesOf, waitingOwner } = listeners;
  let bidder = layout.tasks;
  const place = async (task: number): Promise<Delivery> => {
    const owner = users[task]!;
    const d: Delivery = { task, started: performance.now(), postMs: 0, pages: [], bell: [] };
    waitingOwner.set(owner.id, d);
    const bidId = await post(base, '/api/bids', users[bidder++ % layout.users]!, {
      taskId: taskIds[task],
      amount: 50 + bidder,
      deadline: '2030-06-30',
      message: null,
    });
    d.postMs = performance.now() - d.started;
    d.pages = pagesOf(bidId);
    return d;
  };
  const heard = async (ds: Delivery[]) => {
    const end = performance.now() + DELIVERY_WAIT_MS;
    const all = () =>
      ds.every(
        (d) =>
          d.pages.length >= pagesPerTask(layout, d.task) &&
          d.bell.length >= bellsOf(layout, d.task),
      );
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
    const expected = done.reduce(
      (n, d) => n + pagesPerTask(layout, d.task) + bellsOf(layout, d.task),
      0,
    );
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
  const { tasks, pages } = layout;
  const singles = Array.from({ length: bids }, (_, k) => [k % tasks]);
  await report(
    `one bid at a time: ${singles.length} bids, each to its task's ${pagesPerTask(layout, 0)} pages and its owner's ${bellsOf(layout, 0)} bells`,
    singles,
  );
  const together = Array.from({ length: bursts }, () => Array.from({ length: tasks }, (_, k) => k));
  await report(
    `a bid on every task at once: ${together.length} rounds of ${tasks} bids (${pages + tasks * bellsOf(layout, 0)} receivers a round)`,
    together,
  );
}
