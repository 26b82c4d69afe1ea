import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from './server-process.ts';

describe('.env.example copied to .env', () => {
  it('starts the server as it is', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'taskbid-env-example-'));
    copyFileSync(resolve(import.meta.dirname, '../../.env.example'), join(folder, '.env'));
    // Set from outside (the environment wins over .env): a free port, as tests never listen
    // on a fixed one, and no demo seed, which only makes the first start slower.
    const port = await freePort();
    const server = await startServer({ SEED_ON_FIRST_START: 'false' }, port, { cwd: folder });
    try {
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
      // DATA_DIR=./data from the file: the embedded database and the generated secret.
      expect(existsSync(join(folder, 'data', 'pglite'))).toBe(true);
      expect(existsSync(join(folder, 'data', 'auth-secret'))).toBe(true);
      const tasks = await fetch(`${server.url}/api/tasks`);
      expect(tasks.status).toBe(200);
      expect(tasks.headers.get('x-total-count')).toBe('0');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});
