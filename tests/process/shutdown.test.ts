import { mkdtempSync } from 'node:fs';
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
});
