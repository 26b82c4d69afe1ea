/**
 * `npm run bench:streams`: one real server instance on PostgreSQL holding thousands of open
 * event streams (by default 5,000: 4,000 on four task pages, 1,000 notification bells) of
 * signed-up users, opened from many loopback addresses so the per-user and per-address
 * limits hold as they would for real people. Then bids are placed through the API, one at a
 * time and then one on every task at once, and for each bid the time from its POST until
 * each stream that should hear of it did (the task's pages: `bid`; its owner's bell:
 * `notification`) is taken. Prints delivery percentiles, receivers reached, the server's
 * memory before and after opening the streams (per open stream) and its CPU time. Uses a
 * database of its own (`--db`), dropped at the end only when this run created it. Never
 * fails on a figure.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:streams
 *   … npm run bench:streams -- --streams 500 --bells 100 --bids 5   (a quick look)
 *
 * Its parts are in bench/streams/: the layout of streams, users, tasks and addresses
 * (layout.ts), the users and their requests (people.ts), the open streams (listeners.ts), the
 * bids and their delivery (deliveries.ts), printing and the server's usage (figures.ts).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTask } from '../tests/factories/tasks.ts';
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { STREAM_LIMITS } from '../src/server/platform/events/sse.ts';
import { withDatabase } from '../tests/setup/database-url.ts';
import { ownDatabase, query } from './databases.ts';
import { ROOT, startServer, type RunningServer } from './server.ts';
import { placeBids } from './streams/deliveries.ts';
import { load, say, seconds } from './streams/figures.ts';
import { layoutOf } from './streams/layout.ts';
import { openListeners } from './streams/listeners.ts';
import { post, shedCount, signedInUsers } from './streams/people.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '5000' },
    /** Of the streams, how many are notification bells; the rest are task pages. */
    bells: { type: 'string', default: '1000' },
    /** Signed-in people holding the streams (at most 10 each). */
    users: { type: 'string', default: '500' },
    tasks: { type: 'string', default: '4' },
    addresses: { type: 'string', default: '250' },
    bids: { type: 'string', default: '20' },
    bursts: { type: 'string', default: '5' },
    db: { type: 'string', default: 'taskbid_streams' },
  },
});
const layout = layoutOf({
  streams: Number(values.streams),
  bells: Number(values.bells),
  users: Number(values.users),
  tasks: Number(values.tasks),
  addresses: Number(values.addresses),
});
const MARK = 'created by npm run bench:streams';

const adminUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
  process.stderr.write(
    'bench:streams needs a PostgreSQL server: DATABASE_URL=postgres://user@host:5432/postgres npm run bench:streams\n',
  );
  process.exit(1);
}
const { perUser, perAddress } = layout;
if (
  perUser > STREAM_LIMITS.perUser ||
  perAddress > STREAM_LIMITS.perAddress ||
  layout.addresses > 60_000
) {
  process.stderr.write(
    `${perUser} streams a user, ${perAddress} an address: over the limits (${STREAM_LIMITS.perUser}, ${STREAM_LIMITS.perAddress}); give more --users or --addresses\n`,
  );
  process.exit(1);
}

async function run(server: RunningServer, databaseUrl: string) {
  const base = server.url;
  const users = await signedInUsers(base, databaseUrl, layout);
  const taskIds: string[] = [];
  for (let i = 0; i < layout.tasks; i++)
    taskIds.push(await post(base, '/api/tasks', users[i]!, buildTask()));
  const listeners = await openListeners(server, layout, users, taskIds);
  await placeBids(server, layout, users, taskIds, listeners, {
    bids: Number(values.bids),
    bursts: Number(values.bursts),
  });

  const { clients } = listeners;
  const ended = clients.filter((c) => c.ended()).length;
  const beats = clients.filter((c) => c.heartbeats() > 0).length;
  say(
    `\nstreams ended by the server during the run: ${ended}; streams that received a heartbeat: ${beats} (one every 15 s); bell events matched to no bid: ${listeners.strays()}; requests shed (503) and tried again: ${shedCount()}`,
  );
  say(`bench client CPU: ${seconds((process.cpuUsage().user + process.cpuUsage().system) / 1000)}`);
  for (const c of clients) c.close();
}

async function main() {
  const name = values.db;
  await ownDatabase(adminUrl, name, { mark: MARK, comment: MARK });
  const url = withDatabase(adminUrl, name);
  // Production mode wants a mail relay: a local SMTP sink takes the sign-up and bid mail.
  const smtp = await startSmtpServer();
  say(`streams bench: ${layout.streams} streams on one instance; load average ${load()}`);
  const server = await startServer(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', SMTP_URL: smtp.url },
    { nodeArgs: ['--expose-gc', '--import', join(ROOT, 'bench/server-probe.ts')], ipc: true },
  );
  try {
    await run(server, url);
  } finally {
    await server.stop();
    await smtp.stop();
    await query(adminUrl, `drop database "${name}" with (force)`);
  }
  say(`load average at the end: ${load()}`);
}

await main();
