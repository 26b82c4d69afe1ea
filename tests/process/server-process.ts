import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export { freePort } from '../setup/net.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How long a start may take (a cold one applies every migration first). */
const START_TIMEOUT_MS = 30_000;
const MAIN = resolve(import.meta.dirname, '../../src/server/main.ts');

/**
 * Starts `src/server/main.ts` as `npm start` would, and waits until it listens. `cwd`: the
 * folder it runs in (where it looks for `.env`), the project folder by default.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  options: { cwd?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: options.cwd,
    // Vitest exports Vite's BASE_URL ('/') into process.env; the server needs its own.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      BASE_URL: `http://localhost:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('TaskBid is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    url: `http://localhost:${port}`,
    child,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}
