import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  startDatabaseProxy,
  throughProxy,
  type startTcpProxy,
} from '../../../../tests/setup/tcp-proxy.ts';
import type { AppEvent } from './bus.ts';

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
};

/** Several instances on one PostgreSQL (the `postgres` Vitest project only). */
describe('event bus across server instances', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    proxy = await startDatabaseProxy(a.databaseUrl);
    b = await createTestApp({}, { shareDatabaseWith: a, routeDatabaseUrl: throughProxy(proxy) });
  });
  afterAll(async () => {
    proxy?.restore();
    await b?.close();
    await a?.close();
    await proxy?.close();
  });

  it('delivers what instance A publishes to instance B within a second', async () => {
    const got: AppEvent[] = [];
    const stop = b.app.events.subscribe((e) => got.push(e));
    const sent = Date.now();
    await a.app.events.publish(a.app.database.db, {
      type: 'bid.placed',
      taskId: 't1',
      bidId: 'b1',
    });
    expect(await waitFor(() => got.length > 0, 1000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(got).toEqual([{ type: 'bid.placed', taskId: 't1', bidId: 'b1' }]);
    stop();
  });

  it('re-listens after losing its connection and says so, so clients can catch up', async () => {
    const got: AppEvent[] = [];
    const stop = b.app.events.subscribe((e) => got.push(e));
    proxy.cut();
    await new Promise((r) => setTimeout(r, 200));
    proxy.restore();
    expect(await waitFor(() => got.some((e) => e.type === 'resync'), 5000)).toBe(true);
    await a.app.events.publish(a.app.database.db, { type: 'task.changed', taskId: 't2' });
    expect(await waitFor(() => got.some((e) => e.type === 'task.changed'), 1000)).toBe(true);
    stop();
  });
});
