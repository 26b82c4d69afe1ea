import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_BID_CHANGES } from '../../../shared/lifecycle.ts';
import type { Bid } from '../../../shared/bids/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { callerFor, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import { bids, notifications, user } from '../../platform/db/schema.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('one offer per person per task', () => {
  const t = useTestApp();
  const [owner, ann, bob, cat, stranger] = useUsers(t, 5);

  const call = callerFor(t);
  const createTask = async (budget = 500) =>
    (await call('POST', '/api/tasks', owner, buildTask({ budget }))).json<{ insertedId: string }>()
      .insertedId;
  const bid = (user: TestUser, taskId: string, amount = 100, extra = {}) =>
    call('POST', '/api/bids', user, buildBid(taskId, { amount, ...extra }));
  const withdraw = (user: TestUser | undefined, bidId: string) =>
    call('POST', `/api/bids/${bidId}/withdraw`, user);
  const bidsOf = async (taskId: string, viewer: TestUser = owner) =>
    (await call('GET', `/api/bids?taskId=${taskId}`, viewer)).json<Bid[]>();
  const bidCount = async (taskId: string) =>
    (await call('GET', `/api/tasks/${taskId}`)).json<{ bidCount: number }>().bidCount;
  const notificationsOf = (user: TestUser, type: 'bid.received' | 'bid.withdrawn') =>
    t.app.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, type)));

  it('a second bid changes the first: same offer, its place kept, the old values in its history', async () => {
    const taskId = await createTask();
    const first = await bid(ann, taskId, 120, { message: 'First try.' });
    expect(first.statusCode).toBe(201);
    const annId = first.json().insertedId;
    expect(first.json()).toEqual({ acknowledged: true, insertedId: annId, updated: false });
    await bid(bob, taskId, 150);
    const [before] = await bidsOf(taskId);

    const second = await bid(ann, taskId, 95, { deadline: '2030-08-01', message: 'Better.' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ acknowledged: true, insertedId: annId, updated: true });

    const list = await bidsOf(taskId);
    expect(list.map((b) => b.userName)).toEqual([ann.name, bob.name]);
    const [offer] = list;
    expect(offer).toMatchObject({
      _id: annId,
      amount: 95,
      deadline: '2030-08-01',
      message: 'Better.',
      status: 'pending',
      timestamp: before?.timestamp,
    });
    expect(Date.parse(offer?.editedAt ?? '')).toBeGreaterThan(Date.parse(offer?.timestamp ?? ''));
    expect(offer?.history).toEqual([
      {
        amount: 120,
        deadline: '2030-07-15',
        message: 'First try.',
        status: 'pending',
        replacedAt: offer?.editedAt,
      },
    ]);
    expect(list[1]).toMatchObject({ editedAt: null, history: [] });
    // Ann sees her own history; Bob sees that it was edited, not from what.
    expect((await bidsOf(taskId, ann))[0]?.history).toHaveLength(1);
    const seenByBob = (await bidsOf(taskId, bob))[0];
    expect(seenByBob).not.toHaveProperty('history');
    expect(seenByBob?.editedAt).toBe(offer?.editedAt);

    expect(await bidCount(taskId)).toBe(2);
    expect(await notificationsOf(owner, 'bid.received')).toContainEqual({
      title: expect.stringContaining('Updated bid on'),
      body: `${ann.name} changed their offer from $120.00 to $95.00.`,
    });
  });

  it('counts people, not bids, toward the bid count and the 3-bid discount', async () => {
    const taskId = await createTask();
    for (const amount of [100, 90, 80]) await bid(ann, taskId, amount);
    expect(await bidCount(taskId)).toBe(1);
    expect(await bidsOf(taskId)).toHaveLength(1);
    await bid(bob, taskId);
    await bid(cat, taskId);
    expect(await bidCount(taskId)).toBe(3);
  });

  it('two first bids sent at once by one person make exactly one offer', async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await createTask();
      const answers = await Promise.all([bid(ann, taskId, 101), bid(ann, taskId, 102)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      const ids = new Set(answers.map((a) => a.json().insertedId));
      expect(ids.size).toBe(1);
      const [stored] = await t.app.database.db
        .select({ n: count() })
        .from(bids)
        .where(eq(bids.taskId, taskId));
      expect(stored?.n).toBe(1);
      const [offer] = await bidsOf(taskId);
      expect(offer?.history).toHaveLength(1);
    }
  });

  it('lets only the bidder withdraw, only a pending offer; the owner is told', async () => {
    const taskId = await createTask();
    const annId = (await bid(ann, taskId, 200)).json().insertedId;
    await bid(bob, taskId);

    expect((await withdraw(undefined, annId)).statusCode).toBe(401);
    for (const who of [owner, bob, stranger]) {
      const res = await withdraw(who, annId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You can only withdraw your own bid.',
        code: 'FORBIDDEN',
      });
    }
    for (const id of [UNKNOWN, 'not-an-id']) expect((await withdraw(ann, id)).statusCode).toBe(404);

    const res = await withdraw(ann, annId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, withdrawnBidId: annId, taskId });
    expect((await bidsOf(taskId))[0]).toMatchObject({ _id: annId, status: 'withdrawn' });
    expect(await bidCount(taskId)).toBe(1);
    expect(await notificationsOf(owner, 'bid.withdrawn')).toContainEqual({
      title: expect.stringContaining('was withdrawn'),
      body: `${ann.name} withdrew their offer of $200.00.`,
    });

    const again = await withdraw(ann, annId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a pending bid can be withdrawn.');
  });

  it('bidding again brings a withdrawn offer back, in its place, with the withdrawal in its history', async () => {
    const taskId = await createTask();
    const annId = (await bid(ann, taskId, 200)).json().insertedId;
    await bid(bob, taskId);
    await withdraw(ann, annId);

    const back = await bid(ann, taskId, 180);
    expect(back.json()).toEqual({ acknowledged: true, insertedId: annId, updated: true });
    const [offer] = await bidsOf(taskId);
    expect(offer).toMatchObject({ _id: annId, status: 'pending', amount: 180 });
    expect(offer?.history).toMatchObject([{ amount: 200, status: 'withdrawn' }]);
    expect(await bidCount(taskId)).toBe(2);
  });

  it('refuses withdrawing once the task is awarded: accepted and declined offers stay', async () => {
    const taskId = await createTask();
    const annId = (await bid(ann, taskId)).json().insertedId;
    const bobId = (await bid(bob, taskId)).json().insertedId;
    expect((await call('POST', `/api/bids/${annId}/accept`, owner)).statusCode).toBe(200);
    for (const [who, id] of [
      [ann, annId],
      [bob, bobId],
    ] as const) {
      const res = await withdraw(who, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Bidding is closed for this task');
    }
    const states = (await bidsOf(taskId)).map((b) => b.status);
    expect(states).toEqual(['accepted', 'declined']);
  });

  it(`keeps an offer to ${MAX_BID_CHANGES} changes`, async () => {
    const taskId = await createTask();
    await bid(ann, taskId, 1000);
    for (let n = 1; n <= MAX_BID_CHANGES; n++)
      expect((await bid(ann, taskId, 1000 - n)).statusCode).toBe(200);
    const refused = await bid(ann, taskId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TOO_MANY_CHANGES');
    const [offer] = await bidsOf(taskId);
    expect(offer?.amount).toBe(1000 - MAX_BID_CHANGES);
    expect(offer?.history).toHaveLength(MAX_BID_CHANGES);
    expect(offer?.history?.[0]?.amount).toBe(1000 - MAX_BID_CHANGES + 1);
  });

  it('shows each bidder’s track record with their bid, to everyone', async () => {
    const db = t.app.database.db;
    const taskId = await createTask();
    await bid(ann, taskId);
    await bid(bob, taskId);
    // Ann has done one job, and two reviews of her work are published (4 and 5 stars).
    const done = await createTask();
    const annDone = (await bid(ann, done)).json().insertedId;
    expect((await call('POST', `/api/bids/${annDone}/accept`, owner)).statusCode).toBe(200);
    expect((await call('POST', `/api/tasks/${done}/complete`, owner)).statusCode).toBe(200);
    const confirmed = await call('POST', `/api/tasks/${done}/confirm-completion`, ann);
    expect(confirmed.statusCode).toBe(200);
    await db
      .update(user)
      .set({ freelancerRatingSum: 9, freelancerRatingCount: 2 })
      .where(eq(user.id, ann.id));

    for (const viewer of [owner, stranger]) {
      const [annBid, bobBid] = await bidsOf(taskId, viewer);
      expect(annBid?.bidder).toEqual({
        image: null,
        memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        rating: { average: 4.5, count: 2 },
        jobsCompleted: 1,
      });
      expect(bobBid?.bidder).toMatchObject({ rating: { average: null, count: 0 } });
      expect(bobBid?.bidder.jobsCompleted).toBe(0);
    }
  });
});
