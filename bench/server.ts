/**
 * Helpers shared by the bench scripts: free ports, the real server as a child process (Node 24
 * from the `node` devDependency), and the client built into a directory of its own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { sendWhileShedding } from '../tests/setup/load-shedding.ts';
import { freePort } from '../tests/setup/net.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

export { freePort };

/**
 * Builds the client (vite build + scripts/compress-assets.ts, as `npm run build` does) into a
 * fresh temporary directory, so a rebuild of dist/ by someone else cannot disturb a run.
 */
export function buildClient(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'taskbid-bench-client-'));
  const steps: [string, string[]][] = [
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    ],
    [join(ROOT, 'scripts/compress-assets.ts'), [outDir]],
  ];
  for (const [script, args] of steps) {
    const result = spawnSync(NODE, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
  return outDir;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts src/server/main.ts in production mode on a free port; resolves once it answers.
 * `nodeArgs` go before the script; `ipc` opens a message channel to the child.
 */
export async function startServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(NODE, [...(options.nodeArgs ?? []), join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'taskbid-bench-data-')),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SEED_ON_FIRST_START: 'false',
      // Web push needs VAPID keys in production; no bench sends a push.
      PUSH: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer ${url}/api/ready within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Signs a new bench user up, then in (a sign-up signs nobody in); returns the session cookie header. */
export async function signUp(base: string): Promise<string> {
  const account = {
    name: 'Bench User',
    email: `bench-${randomUUID()}@example.com`,
    // Nothing of the name or address in it: the password rules refuse that.
    password: `Load-run-${randomUUID()}`,
  };
  const headers = { 'content-type': 'application/json', origin: base };
  // A busy server may shed the sign-up or sign-in (503): sent again, as a person would.
  const created = await sendWhileShedding(() =>
    fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    }),
  );
  if (!created.ok) throw new Error(`sign-up failed: ${created.status} ${await created.text()}`);
  const response = await sendWhileShedding(() =>
    fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: account.email, password: account.password }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Starts the bare ceiling (bench/ceiling.ts) on `databaseUrl`; resolves once it listens. */
export async function startCeiling(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(NODE, [join(ROOT, 'bench/ceiling.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
