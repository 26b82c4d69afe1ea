/**
 * Starts what the browser tests run against: the built client (built when missing or older
 * than its sources), the local OpenID provider, then the app (with the tests' own routes and
 * in-process SMTP server, server.ts) on a free port with an in-memory database. Used by Playwright's global setup
 * and the screenshot script.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../setup/net.ts';
import { startOidcProvider } from '../../setup/oidc-provider.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** Node 24 from the `node` devDependency (the system Node may be too old for .ts). */
export const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs `vite build` unless dist/client is newer than the client sources. */
export function buildClientIfNeeded(): void {
  const index = join(ROOT, 'dist/client/index.html');
  const sources = Math.max(
    newestMtime(join(ROOT, 'src/client')),
    newestMtime(join(ROOT, 'src/shared')),
    newestMtime(join(ROOT, 'vite.config.ts')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources && !process.env.E2E_REBUILD) return;
  const result = spawnSync(NODE, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

export async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited early (code ${server.exitCode})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/** The test server's own route: `DELETE {path}/{email}` deletes that account (server.ts). */
export const TEST_ACCOUNTS_PATH = '/e2e/accounts';
/** The test server's importer: `POST {path}` `{ tasks, bids }` (export files' text) runs `npm run import`'s code. */
export const TEST_IMPORT_PATH = '/e2e/import';
/**
 * The test server's roles: `PUT {path}/{email}` `{ role }` gives that account a role, by the
 * code `npm run admin` runs (the e2e database lives in the server's memory, out of the CLI's reach).
 */
export const TEST_ROLES_PATH = '/e2e/roles';
/**
 * The test server's task alerts: `POST {path}` runs the instant alert job once (its timer
 * runs every minute), without the few seconds new tasks settle for.
 */
export const TEST_ALERTS_PATH = '/e2e/alerts/run';
/** The test server's deal timers: `POST {path}` runs them and the payouts once (server.ts). */
export const TEST_DEAL_TIMERS_PATH = '/e2e/deals/timers';
/**
 * The test server's failed provider call: `POST {path}/{dealId}` leaves a refund of the deal's
 * payment failed in the payment outbox, as a provider refusing it for good would (the sandbox
 * makes its calls at once and never fails one).
 */
export const TEST_FAILED_CALL_PATH = '/e2e/deals/failed-call';
/**
 * The test server's refund at the processor: `POST {path}/{dealId}` `{ amount }` (cents) applies
 * the provider's `charge.refunded` of that much of the deal's charge, as a refund made in
 * Stripe's dashboard would (the sandbox has no dashboard): the deal is left short.
 */
export const TEST_REFUND_AT_PROVIDER_PATH = '/e2e/deals/refund-at-provider';
/** The test server's mailbox: `GET {path}/{email}` lists what that address received. */
export const TEST_MAIL_PATH = '/e2e/mail';

export interface Stack {
  baseURL: string;
  /** The server's accounts secret, for tests that make a token the server will accept. */
  authSecret: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** The demo data (users, tasks, bids). */
  seed?: boolean;
  /** More environment for the app, over the tests' own (e.g. `PAYMENTS: 'sandbox'`). */
  env?: Record<string, string>;
  /** How long the app may take to answer its health check (60 s when not said). */
  startTimeoutMs?: number;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  buildClientIfNeeded();
  const provider = await startOidcProvider();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const authSecret = randomBytes(32).toString('base64');
  const logDir = join(ROOT, 'test-results');
  mkdirSync(logDir, { recursive: true });
  // The main stack's log keeps its name; another stack's is named by its port.
  const log = createWriteStream(
    join(logDir, options.env ? `e2e-server-${port}.log` : 'e2e-server.log'),
  );
  // Its own data folder: mails land in `mail/` there, not among a developer's own.
  const dataDir = join(logDir, `e2e-data-${port}`);
  const server = spawn(NODE, [join(ROOT, 'tests/e2e/support/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: baseURL,
      DATABASE_URL: 'memory://',
      DATA_DIR: dataDir,
      // Tests make their own data and sign up many users from one address; the screenshots
      // want the demo users, tasks and bids so the home page has featured tasks to show.
      SEED_ON_FIRST_START: options.seed ? 'true' : 'false',
      RATE_LIMITS: 'off',
      BETTER_AUTH_SECRET: authSecret,
      STATIC_DIR: join(ROOT, 'dist/client'),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...provider.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    await waitForHealth(baseURL, server, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    await provider.stop();
    throw error;
  }
  return {
    baseURL,
    authSecret,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      await provider.stop();
      log.end();
    },
  };
}
