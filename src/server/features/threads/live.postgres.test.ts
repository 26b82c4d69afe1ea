import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../../tests/setup/test-app.ts';
import { expectEventWithinASecond, openSse } from '../../../../tests/setup/sse-client.ts';
import { apiCall, signUp } from '../../../../tests/factories/users.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('private messages across server instances', () => {
  const [a, b] = useTwoInstances({}, { listen: true });

  // Each person stays on the instance that signed them in (see useTwoInstances).
  it('a message sent through B reaches the recipient on A within a second; the read receipt sent through A reaches the sender on B', async () => {
    const owner = await signUp(a.app);
    const bidder = await signUp(b.app);
    const stranger = await signUp(a.app);
    const taskId = await insertTask(a.app.database.db, owner.id);
    await insertBid(a.app.database.db, taskId, bidder.id);
    const threadId = (await apiCall(b.app, 'POST', '/api/threads', bidder, { taskId })).json().id;
    const recipient = await openSse(`${a.url}/api/notifications/events`, owner.cookie);
    const sender = await openSse(`${b.url}/api/notifications/events`, bidder.cookie);
    const outsider = await openSse(`${a.url}/api/notifications/events`, stranger.cookie);

    const sent = Date.now();
    const res = await apiCall(b.app, 'POST', `/api/threads/${threadId}/messages`, bidder, {
      body: 'Sent through B',
    });
    expect(res.statusCode).toBe(201);
    await expectEventWithinASecond(recipient, 'message', { threadId }, sent);
    expect(await sender.next('message')).not.toBeNull();
    // The unread count on A already includes it.
    const count = await apiCall(a.app, 'GET', '/api/threads/unread', owner);
    expect(count.json()).toEqual({ count: 1 });

    const readAt = Date.now();
    await apiCall(a.app, 'POST', `/api/threads/${threadId}/read`, owner, { upTo: res.json().id });
    await expectEventWithinASecond(sender, 'thread-read', { threadId }, readAt);
    expect(outsider.events).toEqual([]);
    for (const s of [recipient, sender, outsider]) s.close();
  });
});
