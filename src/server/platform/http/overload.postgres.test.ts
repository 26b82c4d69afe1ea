import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { POOL_SIZE } from '../db/client.ts';
import { WAITING_PER_CONNECTION } from './overload.ts';

/** PostgreSQL only (the `postgres` Vitest project): PGlite has no pool to fill. */
describe('overload: turned away at once with 503 and Retry-After, told apart from an outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Fills every pool connection with a sleep and queues `waiting` more behind them. */
  function saturate(waiting: number, seconds = 1.5) {
    const queries = Array.from({ length: POOL_SIZE + waiting }, () =>
      t.app.database.db.execute(sql`select pg_sleep(${seconds})`),
    );
    return Promise.allSettled(queries);
  }

  it('answers 503 OVERLOADED with Retry-After within milliseconds while the pool has a long queue', async () => {
    // The queued ones give up after the pool's 1.5 s wait: the queue is gone by then.
    const load = saturate(POOL_SIZE * WAITING_PER_CONNECTION + 5, 0.5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.pressure()).toMatchObject({ overloaded: true, reason: 'pool' });

    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(Date.now() - started).toBeLessThan(200);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'OVERLOADED' });

    // Health still answers; readiness says overloaded, not that the database is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'OVERLOADED' });

    await load;
    expect(t.app.pressure().overloaded).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(after.statusCode).toBe(200);
  });

  it('a short queue is served, not refused', async () => {
    const load = saturate(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.pressure().overloaded).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/categories' });
    expect(res.statusCode).toBe(200);
    await load;
  });

  it('a request that waited out the pool under load is answered as overload, not outage', async () => {
    // 12 waiting (under the shedding threshold) behind 1.5 s sleeps: they wait out the pool.
    const load = saturate(12);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/categories' });
    if (res.statusCode !== 200) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'OVERLOADED' });
      expect(res.headers['retry-after']).toBe('1');
    }
    await load;
  });
});
