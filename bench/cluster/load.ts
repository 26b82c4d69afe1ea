/**
 * Load for the cluster bench: readers browsing, writers placing bids (every acknowledged bid
 * id is kept, to be looked for afterwards), and open event streams that reconnect like a
 * browser's EventSource. Every failed request is kept with the time it failed.
 */
import { randomBytes } from 'node:crypto';

export interface Failure {
  /** When the request was sent (a request sent before a failover may fail after it). */
  sent: number;
  what: string;
}

export interface Tally {
  ok: number;
  failures: Failure[];
}

export interface Load {
  tally: Tally;
  stop(): Promise<Tally>;
}

function loop(workers: number, step: (tally: Tally) => Promise<void>): Load {
  const tally: Tally = { ok: 0, failures: [] };
  let running = true;
  const runs = Array.from({ length: workers }, async () => {
    while (running) await step(tally);
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(runs);
      return tally;
    },
  };
}

async function attempt(tally: Tally, what: string, send: () => Promise<Response>) {
  const sent = Date.now();
  try {
    const res = await send();
    const body = await res.text();
    if (res.ok) tally.ok++;
    else tally.failures.push({ sent, what: `${what} ${res.status} ${body.slice(0, 120)}` });
    return { ok: res.ok, body };
  } catch (error) {
    tally.failures.push({ sent, what: `${what} ${(error as Error).message}` });
    return null;
  }
}

/**
 * `workers` readers browsing the first pages: as fast as they are answered, or, with
 * `perSecond`, paced so that together they ask about that many times a second.
 */
export function browse(base: string, workers: number, perSecond?: number): Load {
  const pauseMs = perSecond ? (workers * 1000) / perSecond : 0;
  return loop(workers, async (tally) => {
    const page = 1 + Math.floor(Math.random() * 3);
    const started = Date.now();
    await attempt(tally, 'browse', () => fetch(`${base}/api/tasks?page=${page}`));
    const rest = pauseMs - (Date.now() - started);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  });
}

export interface Person {
  cookie: string;
}

/** Signs a new person up through the balancer and returns their session cookie. */
export async function signUp(base: string): Promise<Person> {
  const tag = randomBytes(6).toString('hex');
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: `Bench ${tag}`,
      email: `bench-${tag}@example.com`,
      password: `Cluster-bench-${tag}-passphrase`,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}

export async function postJson(base: string, person: Person, path: string, body: object) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: person.cookie },
    body: JSON.stringify(body),
  });
}

export async function createTask(base: string, owner: Person): Promise<string> {
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await postJson(base, owner, '/api/tasks', {
    title: `Cluster bench task ${randomBytes(3).toString('hex')}`,
    description: 'A task that receives bids while instances restart.',
    priority: 'Medium',
    category: 'Design',
    deadline,
    budget: 500,
    status: 'Not Started',
  });
  if (!res.ok) throw new Error(`task failed: ${res.status} ${await res.text()}`);
  return (await res.json()).insertedId as string;
}

/** Each bidder places a bid on `taskId` every `pauseMs`; acknowledged ids are kept. */
export function bidders(base: string, people: Person[], taskId: string, pauseMs = 50) {
  const acknowledged: string[] = [];
  const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  let next = 0;
  const load = loop(people.length, async (tally) => {
    const person = people[next++ % people.length] as Person;
    const res = await attempt(tally, 'bid', () =>
      postJson(base, person, '/api/bids', {
        taskId,
        amount: Math.round(10_000 + Math.random() * 10_000) / 100,
        deadline,
      }),
    );
    if (res?.ok) acknowledged.push((JSON.parse(res.body) as { insertedId: string }).insertedId);
    await new Promise((r) => setTimeout(r, pauseMs));
  });
  return { ...load, acknowledged };
}

/** `count` event streams on a task that reconnect after 1 s when they end, as browsers do. */
export function streams(base: string, person: Person, taskId: string, count: number) {
  let running = true;
  const controllers = new Set<AbortController>();
  const stats = { opened: 0, reconnects: 0, events: 0 };
  const one = async () => {
    let first = true;
    while (running) {
      const controller = new AbortController();
      controllers.add(controller);
      try {
        const res = await fetch(`${base}/api/tasks/${taskId}/events`, {
          headers: { cookie: person.cookie, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (res.ok && res.body) {
          if (first) stats.opened++;
          else stats.reconnects++;
          first = false;
          for await (const chunk of res.body) {
            stats.events += Buffer.from(chunk).toString().split('\nevent:').length - 1;
          }
        }
      } catch {
        // ended or refused: reconnect below
      } finally {
        controllers.delete(controller);
      }
      if (running) await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const runs = Array.from({ length: count }, one);
  return {
    stats,
    stop: async () => {
      running = false;
      for (const controller of controllers) controller.abort();
      await Promise.all(runs);
      return stats;
    },
  };
}
