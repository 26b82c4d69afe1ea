import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { expectEventWithinASecond, openSse } from '../../../../tests/setup/sse-client.ts';
import { apiCall } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';

describe('live updates over Server-Sent Events', () => {
  const t = useTestApp({}, { listen: true });
  const [owner, bidder] = useUsers(t, 2);

  it('pushes a new bid and an acceptance to everyone watching the task within a second', async () => {
    const taskId = (await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const watchers = [
      await openSse(`${t.url}/api/tasks/${taskId}/events`, owner.cookie),
      await openSse(`${t.url}/api/tasks/${taskId}/events`, bidder.cookie),
    ];
    expect(watchers[0]?.response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const other = await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask());
    const unrelated = await openSse(
      `${t.url}/api/tasks/${other.json().insertedId}/events`,
      owner.cookie,
    );

    const sent = Date.now();
    const bidId = (await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(taskId))).json()
      .insertedId;
    for (const w of watchers) {
      await expectEventWithinASecond(w, 'bid', { bidId }, sent);
    }
    await apiCall(t.app, 'POST', `/api/bids/${bidId}/accept`, owner);
    for (const w of watchers) expect(await w.next('task')).not.toBeNull();
    expect(unrelated.events).toEqual([]);
    for (const w of [...watchers, unrelated]) w.close();
  });

  it('pushes my new notifications to me only', async () => {
    const taskId = (await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const mine = await openSse(`${t.url}/api/me/events`, owner.cookie);
    const theirs = await openSse(`${t.url}/api/me/events`, bidder.cookie);
    await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(await mine.next('notification')).not.toBeNull();
    expect(theirs.events).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('refuses streams to signed-out visitors, at the former URL too', async () => {
    for (const path of ['/api/me/events', '/api/notifications/events']) {
      expect((await fetch(`${t.url}${path}`)).status).toBe(401);
    }
  });

  it('still serves the person stream at its former URL', async () => {
    const taskId = (await apiCall(t.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const former = await openSse(`${t.url}/api/notifications/events`, owner.cookie);
    await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(await former.next('notification')).not.toBeNull();
    former.close();
  });
});
