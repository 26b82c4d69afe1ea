import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { expectEventWithinASecond, openSse } from '../../../../tests/setup/sse-client.ts';
import { callerFor } from '../../../../tests/factories/users.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';

describe('private messages, live on the per-user stream', () => {
  const t = useTestApp({}, { listen: true });
  const call = callerFor(t);
  const [owner, bidder, otherBidder, stranger] = useUsers(t, 4);
  let threadId: string;
  beforeAll(async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    await insertBid(t.app.database.db, taskId, bidder.id);
    await insertBid(t.app.database.db, taskId, otherBidder.id);
    threadId = (await call('POST', '/api/threads', bidder, { taskId })).json().id;
  });
  const stream = (cookie: string) => openSse(`${t.url}/api/notifications/events`, cookie);

  it('a message reaches both participants within a second; nobody else hears of it', async () => {
    const [mine, theirs, outsider, otherOnTask] = [
      await stream(owner.cookie),
      await stream(bidder.cookie),
      await stream(stranger.cookie),
      await stream(otherBidder.cookie),
    ];
    const sent = Date.now();
    const res = await call('POST', `/api/threads/${threadId}/messages`, bidder, { body: 'Hi' });
    expect(res.statusCode).toBe(201);
    for (const s of [mine, theirs]) {
      await expectEventWithinASecond(s, 'message', { threadId }, sent);
    }
    // The read point goes to both sides: "Seen" for the sender, the count in the reader's tabs.
    const read = await call('POST', `/api/threads/${threadId}/read`, owner, {
      upTo: res.json().id,
    });
    expect(read.statusCode).toBe(200);
    expect((await theirs.next('thread-read'))?.data).toEqual({ threadId });
    expect((await mine.next('thread-read'))?.data).toEqual({ threadId });
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.events).toEqual([]);
    expect(otherOnTask.events).toEqual([]);
    for (const s of [mine, theirs, outsider, otherOnTask]) s.close();
  });

  it('a refused message (closed, empty or not theirs) announces nothing', async () => {
    const watcher = await stream(owner.cookie);
    await call('POST', `/api/threads/${threadId}/messages`, bidder, { body: '  ' });
    await call('POST', `/api/threads/${threadId}/messages`, stranger, { body: 'psst' });
    await new Promise((r) => setTimeout(r, 300));
    expect(watcher.events).toEqual([]);
    watcher.close();
  });
});
