import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { callerFor, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';

describe('accepting a bid and the task lifecycle', () => {
  const t = useTestApp();
  const [owner, ann, bob, stranger] = useUsers(t, 4);

  const call = callerFor(t);
  const createTask = async () =>
    (await call('POST', '/api/tasks', owner, buildTask())).json<{ insertedId: string }>()
      .insertedId;
  const bid = async (user: TestUser, taskId: string, amount = 100) =>
    call('POST', '/api/bids', user, buildBid(taskId, { amount }));
  const bidId = async (user: TestUser, taskId: string, amount = 100) =>
    (await bid(user, taskId, amount)).json<{ insertedId: string }>().insertedId;
  const task = async (id: string) => (await call('GET', `/api/tasks/${id}`)).json();
  const bidsOf = async (taskId: string) =>
    (await call('GET', `/api/bids?taskId=${taskId}`, owner)).json<
      { _id: string; status: string }[]
    >();

  it('assigns the task to the accepted bidder, declines every other bid, and closes bidding', async () => {
    const taskId = await createTask();
    const annBid = await bidId(ann, taskId, 120);
    const bobBid = await bidId(bob, taskId, 90);

    const res = await call('POST', `/api/bids/${annBid}/accept`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      acknowledged: true,
      taskId,
      acceptedBidId: annBid,
      assignedTo: ann.name,
      declinedCount: 1,
      dealId: null, // payments off: no deal
    });

    expect(await task(taskId)).toMatchObject({ assignedTo: ann.name, status: 'In Progress' });
    const states = Object.fromEntries((await bidsOf(taskId)).map((b) => [b._id, b.status]));
    expect(states).toEqual({ [annBid]: 'accepted', [bobBid]: 'declined' });

    const late = await bid(stranger, taskId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Bidding is closed for this task');
    expect(await bidsOf(taskId)).toHaveLength(2);
  });

  it('lets only the owner accept, and only a bid that exists', async () => {
    const taskId = await createTask();
    const annBid = await bidId(ann, taskId);
    expect((await call('POST', `/api/bids/${annBid}/accept`)).statusCode).toBe(401);
    expect((await call('POST', `/api/bids/${annBid}/accept`, ann)).statusCode).toBe(403);
    expect((await call('POST', `/api/bids/${annBid}/accept`, stranger)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/bids/00000000-0000-4000-8000-000000000000/accept', owner))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/bids/not-an-id/accept', owner)).statusCode).toBe(404);
    expect((await task(taskId)).assignedTo).toBeNull();
  });

  it('lets exactly one of two simultaneous accepts win; the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await createTask();
      const [annBid, bobBid] = [await bidId(ann, taskId), await bidId(bob, taskId)];
      const results = await Promise.all([
        call('POST', `/api/bids/${annBid}/accept`, owner),
        call('POST', `/api/bids/${bobBid}/accept`, owner),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results[0]?.statusCode === 200 ? ann : bob;
      expect((await task(taskId)).assignedTo).toBe(winner.name);
      const states = (await bidsOf(taskId)).map((b) => b.status).sort();
      expect(states).toEqual(['accepted', 'declined']);
    }
  });

  it('moves an assigned task to Completed once, by its owner and then its worker', async () => {
    const taskId = await createTask();
    expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(409);
    await call('POST', `/api/bids/${await bidId(ann, taskId)}/accept`, owner);
    expect((await call('POST', `/api/tasks/${taskId}/complete`, ann)).statusCode).toBe(403);
    const done = await call('POST', `/api/tasks/${taskId}/complete`, owner);
    expect(done.json()).toMatchObject({ acknowledged: true, taskId, status: 'In Progress' });
    const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann);
    expect(confirmed.json()).toEqual({ acknowledged: true, taskId, status: 'Completed' });
    expect((await task(taskId)).status).toBe('Completed');
    expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await bid(bob, taskId)).statusCode).toBe(409);
  });

  it('cancels an assignment with a reason: the task reopens, declined bids stay declined, the bidder is told', async () => {
    const taskId = await createTask();
    const [annBid, bobBid] = [await bidId(ann, taskId), await bidId(bob, taskId)];
    await call('POST', `/api/bids/${annBid}/accept`, owner);

    expect(
      (await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, { reason: '  ' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/tasks/${taskId}/cancel-assignment`, ann, { reason: 'mine now' }))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
      reason: 'Plans changed',
    });
    expect(res.json()).toEqual({ acknowledged: true, taskId, status: 'Not Started' });

    expect(await task(taskId)).toMatchObject({ assignedTo: null, status: 'Not Started' });
    const states = Object.fromEntries((await bidsOf(taskId)).map((b) => [b._id, b.status]));
    expect(states).toEqual({ [annBid]: 'cancelled', [bobBid]: 'declined' });
    const annNews = (await call('GET', '/api/notifications', ann)).json<
      { type: string; body: string }[]
    >();
    expect(annNews[0]).toMatchObject({
      type: 'assignment.cancelled',
      body: expect.stringContaining('Plans changed'),
    });

    // Open again: a new bid is taken and can be accepted.
    const strangerBid = await bidId(stranger, taskId);
    expect((await call('POST', `/api/bids/${strangerBid}/accept`, owner)).statusCode).toBe(200);
  });

  it('lists my bids with their task and state, and nobody else’s', async () => {
    const me = await signUp(t.app);
    const [open, won] = [await createTask(), await createTask()];
    await bidId(me, open, 50);
    const wonBid = await bidId(me, won, 75);
    await bidId(ann, won, 70);
    await call('POST', `/api/bids/${wonBid}/accept`, owner);

    const res = await call('GET', '/api/bids/mine', me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const mine =
      res.json<{ taskId: string; taskTitle: string; amount: number; status: string }[]>();
    expect(mine.map((b) => [b.taskId, b.amount, b.status])).toEqual([
      [won, 75, 'accepted'],
      [open, 50, 'pending'],
    ]);
    expect(mine[0]?.taskTitle).toBe((await task(won)).title);
    expect((await call('GET', '/api/bids/mine')).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  const t = useTestApp();
  const [owner, ann, bob] = useUsers(t, 3);

  const call = callerFor(t);
  const unread = async (user: TestUser) =>
    (await call('GET', '/api/notifications/unread-count', user)).json().count;

  it('tells the owner of each new bid and each bidder of the outcome, with a right unread count', async () => {
    const taskId = (
      await call('POST', '/api/tasks', owner, buildTask({ title: 'Paint the fence' }))
    ).json().insertedId;
    const annBid = (
      await call('POST', '/api/bids', ann, buildBid(taskId, { amount: 1234.5 }))
    ).json().insertedId;
    await call('POST', '/api/bids', bob, buildBid(taskId, { amount: 99 }));

    expect(await unread(owner)).toBe(2);
    const ownerNews = (await call('GET', '/api/notifications', owner)).json();
    expect(ownerNews.map((n: { type: string }) => n.type)).toEqual([
      'bid.received',
      'bid.received',
    ]);
    expect(ownerNews[1]).toMatchObject({
      title: 'New bid on “Paint the fence”',
      body: `${ann.name} offered $1,234.50.`,
      taskId,
      read: false,
    });

    await call('POST', `/api/bids/${annBid}/accept`, owner);
    expect((await call('GET', '/api/notifications', ann)).json()[0]).toMatchObject({
      type: 'bid.accepted',
    });
    expect((await call('GET', '/api/notifications', bob)).json()[0]).toMatchObject({
      type: 'bid.declined',
    });

    const first = ownerNews[0]._id;
    expect((await call('POST', `/api/notifications/${first}/read`, ann)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${first}/read`, owner)).statusCode).toBe(200);
    expect(await unread(owner)).toBe(1);
    expect((await call('POST', '/api/notifications/read-all', owner)).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    expect(await unread(owner)).toBe(0);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });
});
