/**
 * The open streams of `npm run bench:streams`: task pages and notification bells opened as
 * the layout says, every event they hear matched to the bid it tells of, and what holding
 * them costs the server (CPU time to open, memory per stream).
 */
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '../server.ts';
import type { StreamClient } from '../stream-client.ts';
import { cpuMs, mb, say, seconds, usage } from './figures.ts';
import type { Layout } from './layout.ts';
import { inParallel, openWhileShedding, type User } from './people.ts';

/** One bid and who heard of it: arrival times (performance.now()) on pages and on the bell. */
export interface Delivery {
  task: number;
  started: number;
  postMs: number;
  pages: number[];
  bell: number[];
}

export interface Listeners {
  clients: StreamClient[];
  /** Arrival times of the `bid` events that named `bidId` on task pages (kept as they come). */
  pagesOf: (bidId: string) => number[];
  /** The bid a task's owner waits to hear of on their bells, by the owner's user id. */
  waitingOwner: Map<string, Delivery>;
  /** Bell events that came while their owner waited for no bid. */
  strays: () => number;
}

/** Opens every stream, 50 at a time, and prints what that took and what they hold. */
export async function openListeners(
  server: RunningServer,
  layout: Layout,
  users: User[],
  taskIds: string[],
): Promise<Listeners> {
  const base = server.url;
  // Who hears what: a task stream's `bid` names its bid; a bell's `notification` is matched
  // to the bid its owner is waiting on.
  const byBid = new Map<string, number[]>();
  const waitingOwner = new Map<string, Delivery>();
  const pagesOf = (bidId: string) => byBid.get(bidId) ?? byBid.set(bidId, []).get(bidId)!;
  let strays = 0;

  const before = await usage(server);
  const t = performance.now();
  const clients: StreamClient[] = [];
  const opens: (() => Promise<StreamClient>)[] = [];
  for (let j = 0; j < layout.pages; j++) {
    const user = users[j % layout.users]!;
    const taskId = taskIds[Math.floor(j / layout.users) % layout.tasks]!;
    opens.push(() =>
      openWhileShedding(`${base}/api/tasks/${taskId}/events`, {
        cookie: user.cookie,
        from: user.from,
        onEvent: (event, data, at) => {
          if (event === 'bid') pagesOf((JSON.parse(data) as { bidId: string }).bidId).push(at);
        },
      }),
    );
  }
  for (let b = 0; b < layout.bells; b++) {
    const user = users[b % layout.users]!;
    opens.push(() =>
      openWhileShedding(`${base}/api/me/events`, {
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
  await inParallel(opens, 50, async (open) => void clients.push(await open()));
  const openedMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 2000));
  const opened = await usage(server);
  const { pages, tasks, bells, perUser, perAddress, addresses } = layout;
  say(
    `opened ${clients.length} streams (${pages} task pages on ${tasks} tasks, ${bells} bells of ${layout.users} users; ${perUser} a user at most, ${perAddress} an address, from ${addresses} addresses) in ${seconds(openedMs)}; server CPU ${seconds(cpuMs(before, opened))}, ${(cpuMs(before, opened) / clients.length).toFixed(2)} ms a stream`,
  );
  const grew = (key: 'rss' | 'heapUsed') => opened.memory[key] - before.memory[key];
  say(
    `server memory before → with the streams: RSS ${mb(before.memory.rss)} → ${mb(opened.memory.rss)}, heap used ${mb(before.memory.heapUsed)} → ${mb(opened.memory.heapUsed)}`,
  );
  say(
    `memory per open stream: RSS ${(grew('rss') / clients.length / 1024).toFixed(1)} KB, heap ${(grew('heapUsed') / clients.length / 1024).toFixed(1)} KB`,
  );
  return { clients, pagesOf, waitingOwner, strays: () => strays };
}
