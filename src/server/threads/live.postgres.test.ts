import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { openSse } from '../../../tests/setup/sse-client.ts';
import { apiCall, signUp } from '../../../tests/factories/users.ts';
import { insertBid, insertTask } from '../../../tests/factories/tasks.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('private messages across server instances', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareDatabaseWith: a });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  // Each person stays on the instance that signed them in (test instances have their own secrets).
  it('a message sent through B reaches the recipient on A within a second; the read receipt sent through A reaches the sender on B', async () => {
    const owner = await signUp(a.app);
    const bidder = await signUp(b.app);
    const stranger = await signUp(a.app);
    const taskId = await insertTask(a.app.database.db, owner.id);
    await insertBid(a.app.database.db, taskId, bidder.id);
    const threadId = (await apiCall(b.app, 'POST', '/api/threads', bidder, { taskId })).json().id;
    const recipient = await openSse(`${baseA}/api/notifications/events`, owner.cookie);
    const sender = await openSse(`${baseB}/api/notifications/events`, bidder.cookie);
    const outsider = await openSse(`${baseA}/api/notifications/events`, stranger.cookie);

    const sent = Date.now();
    const res = await apiCall(b.app, 'POST', `/api/threads/${threadId}/messages`, bidder, {
      body: 'Sent through B',
    });
    expect(res.statusCode).toBe(201);
    const got = await recipient.next('message');
    expect(got?.data).toEqual({ threadId });
    expect((got?.at ?? Infinity) - sent).toBeLessThan(1000);
    expect(await sender.next('message')).not.toBeNull();
    // The unread count on A already includes it.
    const count = await apiCall(a.app, 'GET', '/api/threads/unread', owner);
    expect(count.json()).toEqual({ count: 1 });

    const readAt = Date.now();
    await apiCall(a.app, 'POST', `/api/threads/${threadId}/read`, owner, { upTo: res.json().id });
    const receipt = await sender.next('thread-read');
    expect(receipt?.data).toEqual({ threadId });
    expect((receipt?.at ?? Infinity) - readAt).toBeLessThan(1000);
    expect(outsider.events).toEqual([]);
    for (const s of [recipient, sender, outsider]) s.close();
  });
});
