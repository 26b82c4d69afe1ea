/**
 * Private messages in `npm run bench:api`: a person's long thread, inbox and unread count
 * among many other people's threads, on a database of their own, and their table. The
 * person and their shapes are also what `npm run bench:cost` reads (`busyPerson`).
 */
import { loadavg } from 'node:os';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { seedThreadScale } from '../../tools/seed/thread-scale.ts';
import { withDatabase } from '../../tests/setup/database-url.ts';
import { ownDatabase } from '../databases.ts';
import { signUp, startServer } from '../server.ts';
import { measure, p99Aim, print, type ApiBench, type Row } from './measure.ts';
import { MARK } from './seed.ts';

const THREADS = { inbox: 1000, longThread: 10_000, others: 20_000 };

/** A signed-in person with a seeded inbox, and the reads of private messages as [label, path]. */
export interface BusyPerson {
  cookie: string;
  shapes: [string, string][];
}

/**
 * Signs a new person up on the server at `serverUrl` and gives them, in its database
 * (`databaseUrl`), 1,000 threads, one of them 10,000 messages long, plus `otherThreads`
 * threads between other people; returns their cookie and the paths the rows read.
 */
export async function busyPerson(
  serverUrl: string,
  databaseUrl: string,
  otherThreads: number,
): Promise<BusyPerson> {
  const cookie = await signUp(serverUrl);
  const session = await fetch(`${serverUrl}/api/auth/get-session`, { headers: { cookie } });
  const { user } = (await session.json()) as { user: { id: string } };
  const database = await openDatabase(databaseUrl);
  let longThreadId: string;
  try {
    ({ longThreadId } = await seedThreadScale(database.db, {
      userId: user.id,
      threads: THREADS.inbox,
      longThread: THREADS.longThread,
      otherThreads,
    }));
  } finally {
    await database.close();
  }
  return { cookie, shapes: threadShapes(longThreadId) };
}

/** The reads measured, as [label, path], for the long thread `longThreadId`. */
export const threadShapes = (longThreadId: string): [string, string][] => [
  [`thread of ${THREADS.longThread} messages, last 50`, `/api/threads/${longThreadId}/messages`],
  [`thread list, ${THREADS.inbox} threads, page 1`, '/api/threads'],
  ['one thread (header, Seen)', `/api/threads/${longThreadId}`],
  ['unread count', '/api/threads/unread'],
];

/**
 * Private messages on a fresh database of their own (`--threads-db`, made again each run,
 * only ever dropped when this script made it): a person with 1,000 threads, one of them
 * 10,000 messages long, among 20,000 threads of other people. Their newest 50 messages, the
 * first page of their inbox, the thread and the unread count, each at p99 ≤ 50 ms, with the
 * CPU time per answer of the server and its PostgreSQL backends.
 */
export async function benchThreads(bench: ApiBench, name: string) {
  const { adminUrl } = bench;
  await ownDatabase(adminUrl, name, { mark: MARK, comment: `${MARK}: private messages` });
  const url = withDatabase(adminUrl, name);
  const server = await startServer({ ...bench.serverEnv, DATABASE_URL: url });
  const load = { ...bench.load, serving: { pid: server.process.pid!, databaseUrl: url } };
  const rows: Row[] = [];
  try {
    process.stdout.write(
      `\nSeeding ${name}: ${THREADS.inbox} threads of one person, one of ${THREADS.longThread} messages, ${THREADS.others} others…\n`,
    );
    const { cookie, shapes } = await busyPerson(server.url, url, THREADS.others);
    for (const [label, path] of shapes)
      rows.push(
        p99Aim(load, (await measure(load, label, `${server.url}${path}`, { cookie })).row, 50),
      );
    // What the machine gives a trivial signed-in read right now, to read the rows above by.
    const reference = '/api/notifications/unread-count';
    rows.push(
      (
        await measure(load, 'reference: notification count', `${server.url}${reference}`, {
          cookie,
        })
      ).row,
    );
  } finally {
    await server.stop();
  }
  return rows;
}

export function printThreads(rows: Row[]) {
  process.stdout.write(
    `\n== private messages (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ==`,
  );
  print(rows);
}
