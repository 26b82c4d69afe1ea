import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from './server-process.ts';
import { LISTEN_BACKLOG } from '../../src/server/platform/http/overload.ts';

describe('the server process on the embedded database', () => {
  it('keeps accounts across a restart and exits 0 on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'taskbid-restart-'));
    const env = {
      DATA_DIR: dataDir,
      SEED_ON_FIRST_START: 'false',
      STATIC_DIR: join(dataDir, 'no-client'),
    };
    const port = await freePort();
    const account = {
      name: 'Restart Rita',
      email: 'rita@example.com',
      // Nothing of the name in it ("restart" would be refused).
      password: 'keeps-going-after-reboots',
    };

    const first = await startServer(env, port);
    // The listening socket's queue (ss prints it as Send-Q) is the server's own backlog, as
    // far as the kernel allows, not Node's default 511.
    const listening = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' });
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(Number(listening.trim().split(/\s+/)[2])).toBe(Math.min(LISTEN_BACKLOG, somaxconn));
    const headers = { 'content-type': 'application/json', origin: first.url };
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(200);
    const started = Date.now();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const second = await startServer(env, port);
    try {
      const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(signIn.status).toBe(200);
      expect((await signIn.json()).user.name).toBe('Restart Rita');
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });
});
