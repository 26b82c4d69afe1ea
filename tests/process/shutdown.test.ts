import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from './server-process.ts';

describe('graceful shutdown under load', () => {
  it(
    'finishes every in-flight request after SIGTERM, then exits 0 within 10 s',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'taskbid-shutdown-'));
      const env = {
        DATA_DIR: dataDir,
        SEED_ON_FIRST_START: 'false',
        RATE_LIMITS: 'off',
        STATIC_DIR: join(dataDir, 'none'),
      };
      const port = await freePort();
      const server = await startServer(env, port);
      const headers = { 'content-type': 'application/json', origin: server.url };

      // Sign-ups hash a password (slow on purpose), so these are still running at SIGTERM.
      const accounts = Array.from({ length: 12 }, (_, i) => ({
        name: `Load ${i}`,
        email: `load-${i}@example.com`,
        password: 'in-flight-password',
      }));
      const inFlight = accounts.map((account) =>
        fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers,
          body: JSON.stringify(account),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const signalled = Date.now();
      const exit = server.stop('SIGTERM');

      const statuses = (await Promise.all(inFlight)).map((res) => res.status);
      expect(statuses).toEqual(accounts.map(() => 200));
      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);

      // Every account that got its 200 is really there after a restart.
      const again = await startServer(env, port);
      try {
        for (const account of accounts) {
          const res = await fetch(`${again.url}/api/auth/sign-in/email`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ email: account.email, password: account.password }),
          });
          expect(res.status, account.email).toBe(200);
        }
      } finally {
        await again.stop();
      }
    },
  );

  it(
    'SIGTERM behind a balancer: not ready at once, still serving with Connection: close for SHUTDOWN_DRAIN_MS, event streams told to reconnect',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'taskbid-drain-'));
      const port = await freePort();
      const server = await startServer(
        {
          DATA_DIR: dataDir,
          SEED_ON_FIRST_START: 'false',
          RATE_LIMITS: 'off',
          STATIC_DIR: join(dataDir, 'none'),
          SHUTDOWN_DRAIN_MS: '3000',
        },
        port,
      );
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          name: 'Watcher',
          email: 'w@example.com',
          password: 'drain-password-1',
        }),
      });
      expect(signUp.status).toBe(200);
      // A sign-up signs nobody in: sign in for the session.
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'w@example.com', password: 'drain-password-1' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const openStream = () =>
        fetch(`${server.url}/api/me/events`, {
          headers: { cookie, accept: 'text/event-stream' },
        });
      const before = await openStream();
      expect(before.status).toBe(200);
      const beforeBody = before.text();

      const signalled = Date.now();
      const exit = server.stop('SIGTERM');
      // The open stream ends (the browser reconnects through the balancer).
      expect(await beforeBody).toContain('retry: 1000');
      // Not ready at once...
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      // ...yet every request is still served, each on a connection closed after it, for the
      // drain period (a balancer takes a while to see "not ready").
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const late = await new Promise<{ status?: number; connection?: string }>(
        (resolve, reject) => {
          get(`${server.url}/api/health`, (res) => {
            res.resume();
            resolve({ status: res.statusCode, connection: res.headers.connection });
          }).on('error', reject);
        },
      );
      expect(Date.now() - signalled).toBeLessThan(3000);
      expect(late).toEqual({ status: 200, connection: 'close' });
      // A stream opened while draining is answered 200 and ends at once: EventSource gives up
      // for good on a 503, but reconnects after a stream that ended.
      const during = await openStream();
      expect(during.status).toBe(200);
      expect(await during.text()).toBe('retry: 1000\n\n');

      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    },
  );
});
