import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../tests/setup/test-app.ts';
import { POOL_SIZE } from '../db/client.ts';
import { IN_FLIGHT_PER_CONNECTION, WAITING_PER_CONNECTION } from './overload.ts';

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
};

/** A request in progress that holds no database connection: its body never arrives. */
function stalledPost(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(
        [
          'POST /api/newsletter HTTP/1.1',
          `host: 127.0.0.1:${port}`,
          `origin: ${TEST_BASE_URL}`,
          'content-type: application/json',
          'content-length: 100',
          '',
          '{',
        ].join('\r\n'),
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

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

  it('turns a request away at once while ten requests per pool connection are in progress', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const cap = POOL_SIZE * IN_FLIGHT_PER_CONNECTION;
    const sockets = await Promise.all(
      Array.from({ length: cap }, () => stalledPost(Number(new URL(base).port))),
    );
    expect(await waitFor(() => t.app.pressure().inFlight === cap)).toBe(true);
    // The pool is idle: only the count of requests in progress says no.
    expect(t.app.pressure()).toMatchObject({ overloaded: true, reason: 'requests', waiting: 0 });

    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(Date.now() - started).toBeLessThan(200);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'OVERLOADED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({
      code: 'OVERLOADED',
    });

    for (const socket of sockets) socket.destroy();
    expect(await waitFor(() => t.app.pressure().inFlight === 0)).toBe(true);
    // Answers on a kept-alive connection are counted out as they finish.
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/tasks`)).status).toBe(200);
    expect(await waitFor(() => t.app.pressure().inFlight === 0)).toBe(true);
  });
});
