import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/setup/test-app.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('closing the server', () => {
  // A whole server is made inside the test (embedded: every migration run anew), as long as
  // a test app's setup may take elsewhere.
  it(
    'closes the database only once the requests still running have finished',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp();
      const { app } = t;
      // A request that is still working when the server closes, and then needs the database.
      app.get('/api/test/slow-read', { config: { auth: 'public' } }, async () => {
        await pause(400);
        const rows = await app.database.db.execute(sql`select 1 as one`);
        return { rows: (rows as unknown as { rows: unknown[] }).rows.length };
      });
      await app.ready();
      const running = app.inject({ method: 'GET', url: '/api/test/slow-read' });
      await pause(100);
      const closed = t.close();

      const res = await running;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ rows: 1 });
      await closed;
    },
  );
});
