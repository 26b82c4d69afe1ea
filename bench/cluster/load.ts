/**
 * Load for the cluster bench: readers browsing, writers placing bids (every acknowledged bid
 * id is kept, to be looked for afterwards), and open event streams that reconnect like a
 * browser's EventSource. Every failed request is kept with the time it failed.
 */
import { randomBytes } from 'node:crypto';
import { sendWhileShedding } from '../../tests/setup/load-shedding.ts';

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

/** `fetch failed (ECONNRESET)`: the message and the underlying cause's code. */
export function reason(error: unknown): string {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  return cause ? `${message} (${cause.code ?? cause.message})` : message;
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
    tally.failures.push({ sent, what: `${what} ${reason(error)}` });
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

/**
 * Signs a new person up, then in (a sign-up signs nobody in), through the balancer and
 * returns their session cookie.
 */
export async function signUp(base: string): Promise<Person> {
  const tag = randomBytes(6).toString('hex');
  const account = {
    name: `Bench ${tag}`,
    email: `bench-${tag}@example.com`,
    // Nothing of the name or address in it: the password rules refuse that.
    password: `Load-run-${randomBytes(9).toString('hex')}`,
  };
  const headers = { 'content-type': 'application/json', origin: base };
  // The bench makes hundreds of people at once: a shed request is sent again.
  const created = await sendWhileShedding(() =>
    fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    }),
  );
  if (!created.ok) throw new Error(`sign-up failed: ${created.status} ${await created.text()}`);
  const res = await sendWhileShedding(() =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: account.email, password: account.password }),
    }),
  );
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
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

/**
 * `concurrency` bidders place bids on `taskId`, one every `pauseMs` each; acknowledged ids are
 * kept. One offer per person per task: each acknowledged bid moves on to the next person of
 * `people` (a refused or failed one tries again as the same person), so every bid is a new
 * offer and no one reaches the limit on changing theirs.
 */
export function bidders(
  base: string,
  people: Person[],
  taskId: string,
  { concurrency = 5, pauseMs = 50 } = {},
) {
  const acknowledged: string[] = [];
  const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  let next = 0;
  const load = loop(concurrency, async (tally) => {
    const turn = next++;
    const person = people[turn % people.length] as Person;
    const res = await attempt(tally, 'bid', () =>
      postJson(base, person, '/api/bids', {
        taskId,
        amount: Math.round(10_000 + Math.random() * 10_000) / 100,
        deadline,
      }),
    );
    if (res?.ok) acknowledged.push((JSON.parse(res.body) as { insertedId: string }).insertedId);
    else next = Math.min(next, turn); // the same person again
    await new Promise((r) => setTimeout(r, pauseMs));
  });
  return { ...load, acknowledged };
}

export interface StreamClient {
  /** Streams opened (the first and every reconnect). */
  connections: number;
  /** Refetches of the bids after a reconnect that were answered 200. */
  resyncs: number;
  /** When the last `bid` event arrived (0: none yet). */
  lastBidAt: number;
}

/**
 * `count` event streams on a task, spread over `people` (each person may hold only a few),
 * that behave like a browser page: the stream reconnects 1 s after it ends, and each reconnect
 * refetches the task's bids (the resync the web app does, since events carry ids only).
 * Opening a stream with an answer other than 200 is a failure: a browser's EventSource gives up
 * for good on one.
 */
export function streams(base: string, people: Person[], taskId: string, count: number) {
  let running = true;
  const controllers = new Set<AbortController>();
  const tally: Tally = { ok: 0, failures: [] };
  const clients: StreamClient[] = [];
  const one = async (person: Person) => {
    const client: StreamClient = { connections: 0, resyncs: 0, lastBidAt: 0 };
    clients.push(client);
    while (running) {
      const controller = new AbortController();
      controllers.add(controller);
      const sent = Date.now();
      let answered = false;
      try {
        const res = await fetch(`${base}/api/tasks/${taskId}/events`, {
          headers: { cookie: person.cookie, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        answered = true;
        if (!res.ok || !res.body) {
          tally.failures.push({ sent, what: `event stream ${res.status} ${await res.text()}` });
        } else {
          tally.ok++;
          client.connections++;
          if (client.connections > 1) {
            const resync = await attempt(tally, 'resync', () =>
              fetch(`${base}/api/bids?taskId=${taskId}&limit=1`, {
                headers: { cookie: person.cookie },
              }),
            );
            if (resync?.ok) client.resyncs++;
          }
          for await (const chunk of res.body) {
            if (Buffer.from(chunk).toString().includes('event: bid\n')) {
              client.lastBidAt = Date.now();
            }
          }
        }
      } catch (error) {
        // Cut while open (a restart): reconnect below, as a browser does. No answer at all
        // is counted.
        if (!answered && running) {
          tally.failures.push({ sent, what: `event stream ${reason(error)}` });
        }
      } finally {
        controllers.delete(controller);
      }
      if (running) await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const runs = Array.from({ length: count }, (_, i) => one(people[i % people.length] as Person));
  return {
    clients,
    stop: async () => {
      running = false;
      for (const controller of controllers) controller.abort();
      await Promise.all(runs);
      return { tally, clients };
    },
  };
}
