import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './net.ts';

/** A browser's subscription as the local push service hands it out. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The push service's name for it (to read what it received, or to expire it). */
  clientHash: string;
}

export interface PushService {
  url: string;
  /** Subscribes a pretend browser to the server's VAPID public key. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The payloads it received for a subscription, decrypted with the browser's keys. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * web-push-testing's push service (RFC 8030/8291, VAPID checked) in a child process on a free
 * port: the server's messages go to it over real HTTP and it decrypts them as a browser would.
 */
export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('web-push-testing/package.json'));
  const child = spawn(process.execPath, [join(root, 'src/bin/server.js'), String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server running on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`push service exited (${code}): ${output}`)));
  });
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: object) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : null,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${text}`);
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return json ? (JSON.parse(text) as { data: unknown }) : { data: null };
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' });
      return data as TestSubscription;
    },
    async messages(clientHash) {
      const { data } = await post('/get-notifications', { clientHash });
      return (data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
