import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { openSse } from '../../../tests/setup/sse-client.ts';
import { apiCall, signUp } from '../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../tests/factories/tasks.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('live updates across server instances', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareDatabaseWith: a });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows on instance A, within a second, a bid placed through instance B', async () => {
    const owner = await signUp(a.app);
    const bidder = await signUp(b.app);
    const taskId = (await apiCall(a.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const watcher = await openSse(`${baseA}/api/tasks/${taskId}/events`, owner.cookie);
    const sent = Date.now();
    const placed = await apiCall(b.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(placed.statusCode).toBe(201);
    const got = await watcher.next('bid');
    expect(got?.data).toEqual({ bidId: placed.json().insertedId });
    expect((got?.at ?? Infinity) - sent).toBeLessThan(1000);
    watcher.close();
  });
});
