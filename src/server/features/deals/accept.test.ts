import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARDS, dealHelpers } from '../../../../tests/factories/deals.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import type { TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { bids, notifications, tasks } from '../../platform/db/schema.ts';
import { runDealTimers } from './jobs.ts';

/*
 * Accepting a bid with payments on makes its deal: the work is awarded only once the owner's
 * payment is secured; unpaid (expired or withdrawn), the bid is pending again.
 */
describe('accepting a bid with payments on (sandbox)', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const [owner, worker, other, stranger] = useUsers(t, 4);
  const h = dealHelpers(t, owner, worker);
  const db = () => t.app.database.db;

  /** A task of `owner` with bids by `worker` and `other`; the worker's accepted. */
  async function accepted() {
    const taskId = (await h.call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const bid = async (who: TestUser, amount: number) =>
      (await h.call('POST', '/api/bids', who, buildBid(taskId, { amount }))).json()
        .insertedId as string;
    const bidId = await bid(worker, 100);
    const otherBid = await bid(other, 90);
    const answer = await h.call('POST', `/api/bids/${bidId}/accept`, owner);
    expect(answer.statusCode, answer.body).toBe(200);
    return { taskId, bidId, otherBid, answer: answer.json() };
  }
  const taskOf = async (taskId: string) =>
    (await db().select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
  const statusOf = async (bidId: string) =>
    (await db().select({ status: bids.status }).from(bids).where(eq(bids.id, bidId)))[0]!.status;
  const noticesOf = async (user: TestUser, taskId: string) =>
    (
      await db()
        .select({ type: notifications.type, title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.taskId, taskId)))
        .orderBy(notifications.createdAt)
    ).map((n) => `${n.type}: ${n.title}`);
  /** The owner's, without those of the bids on their task. */
  const dealNoticesOf = async (user: TestUser, taskId: string) =>
    (await noticesOf(user, taskId)).filter((n) => n.startsWith('deal.'));

  it('makes the deal; the task stays open and the other bids pending; no second accept', async () => {
    const { taskId, bidId, otherBid, answer } = await accepted();
    expect(answer).toMatchObject({ taskId, acceptedBidId: bidId, declinedCount: 0 });
    expect(answer.dealId).toEqual(expect.any(String));
    const deal = (await h.call('GET', `/api/deals/${answer.dealId}`, worker)).json();
    expect(deal).toMatchObject({ bidId, state: 'awaiting-payment', price: 10_000 });
    expect(await taskOf(taskId)).toMatchObject({
      status: 'Not Started',
      assigneeId: null,
      acceptedBidId: null,
    });
    expect(await statusOf(bidId)).toBe('accepted');
    expect(await statusOf(otherBid)).toBe('pending');
    const second = await h.call('POST', `/api/bids/${otherBid}/accept`, owner);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('DEAL_EXISTS');
    expect((await h.call('POST', `/api/bids/${otherBid}/accept`, stranger)).statusCode).toBe(403);
    expect(await noticesOf(worker, taskId)).toEqual(['bid.accepted: Your bid was accepted']);
  });

  it('paid: the task is assigned, the other bids declined, both sides told', async () => {
    const { taskId, bidId, otherBid, answer } = await accepted();
    const paid = await h.act(owner, answer.dealId, 'pay', { card: CARDS.ok });
    expect(paid.json().deal.state).toBe('funded');
    expect(await taskOf(taskId)).toMatchObject({
      status: 'In Progress',
      assigneeId: worker.id,
      acceptedBidId: bidId,
    });
    expect(await statusOf(otherBid)).toBe('declined');
    expect(await noticesOf(other, taskId)).toEqual(['bid.declined: Your bid was declined']);
    expect(await noticesOf(worker, taskId)).toEqual([
      'bid.accepted: Your bid was accepted',
      'deal.updated: Payment secured: the work is yours',
    ]);
    // The payment came through the provider: the owner gets the receipt too.
    expect(await noticesOf(owner, taskId)).toContain('deal.updated: Payment secured');
    // Bidding is closed now: no second deal, no other accept.
    expect((await h.call('POST', `/api/bids/${otherBid}/accept`, owner)).statusCode).toBe(409);
  });

  it('unpaid after 15 minutes: the deal expires and the bid is pending again', async () => {
    const { taskId, bidId, otherBid, answer } = await accepted();
    await h.age(answer.dealId, '16 minutes');
    await runDealTimers(db(), t.app.config.payments);
    expect((await h.state(answer.dealId)).state).toBe('expired');
    expect(await statusOf(bidId)).toBe('pending');
    expect(await statusOf(otherBid)).toBe('pending');
    expect(await taskOf(taskId)).toMatchObject({ status: 'Not Started', assigneeId: null });
    expect(await dealNoticesOf(owner, taskId)).toEqual(['deal.updated: Payment not made']);
    expect((await noticesOf(worker, taskId)).at(-1)).toBe('deal.updated: Payment not made');
    // The owner may accept another bid now.
    const next = await h.call('POST', `/api/bids/${otherBid}/accept`, owner);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().dealId).not.toBe(answer.dealId);
  });

  it('reminds the owner once: 5 minutes before expiry, a day before the automatic release', async () => {
    const { taskId, answer } = await accepted();
    const timers = () => runDealTimers(db(), t.app.config.payments);
    await h.age(answer.dealId, '9 minutes');
    await timers();
    expect(await dealNoticesOf(owner, taskId)).toEqual([]);
    await h.age(answer.dealId, '11 minutes');
    await timers();
    await timers();
    expect(await dealNoticesOf(owner, taskId)).toEqual(['deal.reminder: 5 minutes left to pay']);
    expect((await h.state(answer.dealId)).state).toBe('awaiting-payment');

    await h.act(owner, answer.dealId, 'pay', { card: CARDS.ok });
    await h.act(worker, answer.dealId, 'request-payment');
    await h.age(answer.dealId, '4 days 1 hour');
    await timers();
    await timers();
    expect((await dealNoticesOf(owner, taskId)).at(-1)).toBe(
      'deal.reminder: The payment releases itself tomorrow',
    );
    const reminders = (await dealNoticesOf(owner, taskId)).filter((n) => n.includes('reminder'));
    expect(reminders).toHaveLength(2);
  });

  it('refuses deleting the task while its deal awaits payment; withdrawn, it may go', async () => {
    const { taskId, answer } = await accepted();
    const refused = await h.call('DELETE', `/api/tasks/${taskId}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DEAL_GOING_ON',
      message: expect.stringContaining('withdraw the offer'),
    });
    expect(await taskOf(taskId)).toMatchObject({ id: taskId, status: 'Not Started' });
    expect((await h.state(answer.dealId)).state).toBe('awaiting-payment');
    await h.act(owner, answer.dealId, 'withdraw');
    expect((await h.call('DELETE', `/api/tasks/${taskId}`, owner)).statusCode).toBe(200);
  });

  it('withdrawn before paying: the bid is pending again, the worker told', async () => {
    const { taskId, bidId, answer } = await accepted();
    expect((await h.act(worker, answer.dealId, 'withdraw')).statusCode).toBe(403);
    expect((await h.act(owner, answer.dealId, 'withdraw')).json().state).toBe('cancelled');
    expect(await statusOf(bidId)).toBe('pending');
    expect((await noticesOf(worker, taskId)).at(-1)).toBe('deal.updated: Offer withdrawn');
    // The owner took the step: they are not told about it.
    expect(await dealNoticesOf(owner, taskId)).toEqual([]);
  });
});

describe('accepting a bid with payments off (the default in tests)', () => {
  const t = useTestApp();
  const [owner, worker] = useUsers(t, 2);
  it('awards the work at once and makes no deal', async () => {
    const h = dealHelpers(t, owner, worker);
    const taskId = (await h.call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const bidId = (await h.call('POST', '/api/bids', worker, buildBid(taskId))).json().insertedId;
    const answer = await h.call('POST', `/api/bids/${bidId}/accept`, owner);
    expect(answer.json()).toMatchObject({ dealId: null, assignedTo: worker.name });
    const [task] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task).toMatchObject({ status: 'In Progress', assigneeId: worker.id });
  });
});
