/** TaskBid server processes for the cluster: start on a given port, stop by signal, restart. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** Starts the process (again) and resolves once /api/ready answers 200. */
  start(): Promise<void>;
  /** Sends a signal; resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  running(): boolean;
}

export function createInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  logDir: string,
): Instance {
  const url = `http://127.0.0.1:${port}`;
  const logPath = join(logDir, `${name}.log`);
  const log = createWriteStream(logPath, { flags: 'a' });
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  const ready = async (deadline: number) => {
    for (;;) {
      if (!child || child.exitCode !== null) {
        // The log's folder goes with the cluster: say what the instance said before it went.
        await new Promise((r) => setTimeout(r, 200));
        const said = readFileSync(logPath, 'utf8').trim().split('\n').slice(-20).join('\n');
        throw new Error(`${name} exited:\n${said}`);
      }
      try {
        const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${name} not ready after 3 min; see ${name}.log`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  return {
    name,
    port,
    url,
    start: async () => {
      const started = spawn(NODE, [join(ROOT, 'src/server/main.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.stdout?.pipe(log, { end: false });
      started.stderr?.pipe(log, { end: false });
      exited = new Promise((r) => started.once('exit', (code) => r(code)));
      child = started;
      await ready(Date.now() + 180_000);
    },
    stop: async (signal = 'SIGTERM') => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    running: () => Boolean(child && child.exitCode === null && child.signalCode === null),
  };
}
