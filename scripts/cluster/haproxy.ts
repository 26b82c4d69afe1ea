/**
 * HAProxy in front of the instances: health checks on /api/ready, X-Forwarded-For for
 * TRUST_PROXY, retries only where nothing reached an instance (or the request was a GET), and
 * a runtime API socket to drain and re-enable servers during a rolling restart.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export interface Backend {
  name: string;
  port: number;
}

/** Connections (so requests) at once from the balancer to one instance. */
export const MAX_CONNECTIONS_PER_INSTANCE = 64;

/** The configuration used by `npm run cluster` and documented in docs/deploy.md. */
export function haproxyConfig(port: number, backends: Backend[], adminSocket: string): string {
  return `global
  maxconn 4096
  stats socket ${adminSocket} mode 600 level admin

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  # Event streams send a heartbeat well inside this, so an idle stream is never cut.
  timeout server 60s
  timeout http-keep-alive 10s
  timeout queue 2s
  # Retry on another instance when nothing reached the first one, or when a GET got no answer.
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend web
  bind 127.0.0.1:${port}
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  # Event streams hold their connection as long as a page is open: a backend of their own,
  # outside the cap on requests at once.
  use_backend streams if METH_GET { path_end /events }
  default_backend app

backend app
  balance leastconn
  option httpchk GET /api/ready
  http-check expect status 200
  # /api/ready has a 2 s budget of its own; a refused connection on real traffic marks a
  # server down at once, without waiting for the next check.
  timeout check 2s
  # At most ${MAX_CONNECTIONS_PER_INSTANCE} requests at once per instance; the rest wait here,
  # up to the queue timeout. Node lets in one new connection per turn of its event loop:
  # capped, a burst of clients is let in here at once, not a few a second there (1504).
  default-server check inter 500ms fastinter 250ms downinter 500ms fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down maxconn ${MAX_CONNECTIONS_PER_INSTANCE}
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`).join('\n')}

backend streams
  balance leastconn
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} track app/${b.name}`).join('\n')}
`;
}

export interface Haproxy {
  url: string;
  /** Sends one runtime API command and returns its answer. */
  command(line: string): Promise<string>;
  /** `UP`, `DOWN`, `DRAIN`, `MAINT`… of each server, by name. */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export function ensureHaproxy(): void {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return;
  } catch {
    if (process.getuid?.() !== 0) {
      throw new Error('HAProxy is missing: apt-get install haproxy');
    }
  }
  process.stdout.write('Installing Debian haproxy…\n');
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export async function startHaproxy(
  dir: string,
  port: number,
  backends: Backend[],
  /** Changes the configuration before it is used (tests shorten timeouts). */
  edit: (config: string) => string = (config) => config,
): Promise<Haproxy> {
  ensureHaproxy();
  const socket = join(dir, 'haproxy.sock');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, edit(haproxyConfig(port, backends, socket)));
  const child: ChildProcess = spawn('haproxy', ['-f', file, '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = createConnection(socket);
      let answer = '';
      connection.on('data', (chunk) => (answer += chunk.toString()));
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
      connection.end(`${line}\n`);
    });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${errors}`);
    try {
      await command('show info');
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    command,
    states: async () => {
      const csv = await command('show stat');
      const header = (csv.split('\n')[0] ?? '').replace(/^# /, '').split(',');
      const at = (name: string) => header.indexOf(name);
      const states: Record<string, string> = {};
      for (const row of csv.split('\n').slice(1)) {
        const cells = row.split(',');
        const [proxy, server, status] = [
          cells[at('pxname')],
          cells[at('svname')],
          cells[at('status')],
        ];
        if (proxy === 'app' && server && status && !['FRONTEND', 'BACKEND'].includes(server)) {
          states[server] = status;
        }
      }
      return states;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
