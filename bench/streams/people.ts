/**
 * The people of `npm run bench:streams`: users seeded, then signed in through the API each
 * from their loopback address, and their POSTs. Every request is tried again while the server
 * sheds load (503), and those tries are counted.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../../src/server/demo/seed-data.ts';
import { sendWhileShedding } from '../../tests/setup/load-shedding.ts';
import { query } from '../databases.ts';
import { NODE, ROOT } from '../server.ts';
import { openStreamClient, type StreamOptions } from '../stream-client.ts';
import { say, seconds } from './figures.ts';
import { address, type Layout } from './layout.ts';

export interface User {
  id: string;
  cookie: string;
  from: string;
}

let shed = 0;
/** Requests the server shed (503) that were tried again, stream openings included. */
export const shedCount = () => shed;
/** How every request here is sent again while the server sheds load (503): each shed counted. */
const shedding = { onShed: () => void shed++ };

/** `fetch`, sent again while the server sheds load. */
const fetchWhileShedding = (url: string, init: RequestInit) =>
  sendWhileShedding(() => fetch(url, init), shedding);

/** `openStreamClient`, opened again while the server sheds load; throws unless it opened. */
export async function openWhileShedding(url: string, options: StreamOptions) {
  const client = await sendWhileShedding(() => openStreamClient(url, options), shedding);
  if (client.statusCode !== 200) throw new Error(`${url}: HTTP ${client.statusCode}`);
  return client;
}

/** Runs `work` on every item, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Signs a seeded user in through the API (a real password check); returns their session. */
async function signIn(base: string, email: string, from: string): Promise<User> {
  const res = await fetchWhileShedding(`${base}/api/auth/sign-in/email`, {
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

export async function post(base: string, path: string, user: User, body: unknown): Promise<string> {
  const res = await fetchWhileShedding(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: user.cookie },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Seeds `layout.users` users (no tasks, no bids) and signs each in, in email order. */
export async function signedInUsers(
  base: string,
  databaseUrl: string,
  layout: Layout,
): Promise<User[]> {
  let t = performance.now();
  const seeded = spawnSync(
    NODE,
    [
      join(ROOT, 'tools/seed/seed-cli.ts'),
      '--tasks',
      '0',
      '--bids',
      '0',
      '--users',
      String(layout.users),
    ],
    { cwd: ROOT, stdio: 'ignore', env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  if (seeded.status !== 0) throw new Error('seeding the users failed');
  const emails = (
    await query<{ note: string }>(databaseUrl, `select email as note from "user" order by email`)
  ).map((row) => row.note);
  say(`seeded ${layout.users} users in ${seconds(performance.now() - t)}`);
  t = performance.now();
  const users: User[] = [];
  await inParallel(
    emails.map((email, i) => ({ email, i })),
    2,
    async ({ email, i }) => void (users[i] = await signIn(base, email, address(layout, i))),
  );
  say(`signed each in through the API in ${seconds(performance.now() - t)}`);
  return users;
}
