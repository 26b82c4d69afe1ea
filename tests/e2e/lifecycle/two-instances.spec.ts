/**
 * A browser on instance A shows a bid placed through instance B without a reload — two
 * server processes on different ports, one PostgreSQL database (events cross over LISTEN /
 * NOTIFY). Runs only with TEST_DATABASE_URL (playwright.config.ts ignores it otherwise).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../setup/net.ts';
import { NODE, ROOT, waitForHealth } from '../support/stack.ts';
import { createTask, expect, placeBid, test } from '../tasks/support.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const database = `taskbid_e2e_${randomBytes(4).toString('hex')}`;
const secret = randomBytes(32).toString('base64');
const servers: ChildProcess[] = [];
const instances: string[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function startInstance(name: string): Promise<string> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const log = createWriteStream(join(ROOT, `test-results/e2e-instance-${name}.log`));
  const server = spawn(NODE, [join(ROOT, 'tests/e2e/support/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: baseURL,
      DATABASE_URL: databaseUrl(),
      SEED_ON_FIRST_START: 'false',
      RATE_LIMITS: 'off',
      BETTER_AUTH_SECRET: secret,
      STATIC_DIR: join(ROOT, 'dist/client'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  servers.push(server);
  await waitForHealth(baseURL, server, 60_000);
  return baseURL;
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await admin(`CREATE DATABASE ${database}`);
  // One at a time: the first migrates the new database, the second finds it ready.
  instances.push(await startInstance('a'));
  instances.push(await startInstance('b'));
});

test.afterAll(async () => {
  await Promise.all(servers.map(stop));
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

test('a browser on instance A shows a bid placed through instance B without a reload', async ({
  browser,
  accounts,
}) => {
  const [a, b] = instances as [string, string];
  expect(a).not.toBe(b);
  // Accounts made on B are deleted through B when the test ends (the database goes after).
  const onB = accounts.at(b);
  const owner = await onB.apiUser('owner');
  const taskId = await createTask(owner.api, b);

  const context = await browser.newContext({ baseURL: a });
  const page = await context.newPage();
  await accounts.at(a, page).signInPage('watcher');
  const stream = page.waitForResponse(`${a}/api/tasks/${taskId}/events`);
  await page.goto(`/browse-tasks/${taskId}`);
  await expect(page.getByRole('heading', { name: 'Bid History (0)' })).toBeVisible();
  await stream;

  const bidder = await onB.apiUser('bidder');
  await placeBid(bidder.api, b, taskId, 64);
  // Nothing polls: only the event, carried from B to A by PostgreSQL, can bring it without a
  // reload (how soon: the bus's own test, within a second between two instances).
  await expect(page.getByRole('heading', { name: 'Bid History (1)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bid History (1)' })).toContainText(
    bidder.user.name,
  );
  await context.close();
});
