import { describe, expect, it } from 'vitest';
import { THREAD_MESSAGES } from '../../../shared/messages.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import {
  callerFor,
  jsonHeaders,
  signUp,
  type TestUser,
} from '../../../../tests/factories/users.ts';

/*
 * Deleting an account leaves nothing of the others' waiting on the person who left: work
 * agreed with them settles, their conversations close, their withdrawn bids are announced.
 */
describe('deleting an account settles the work others share with it', () => {
  const t = useTestApp();
  const call = callerFor(t);

  const deleteAccount = async (who: TestUser) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: jsonHeaders(who.cookie),
      payload: { password: who.password },
    });
    expect(res.statusCode).toBe(200);
  };
  const newTask = async (owner: TestUser, title = 'Paint the fence') =>
    (await call('POST', '/api/tasks', owner, buildTask({ title }))).json().insertedId as string;
  const placeBid = async (bidder: TestUser, taskId: string) =>
    (await call('POST', '/api/bids', bidder, buildBid(taskId))).json().insertedId as string;
  const assigned = async (owner: TestUser, worker: TestUser, title?: string) => {
    const taskId = await newTask(owner, title);
    const bidId = await placeBid(worker, taskId);
    expect((await call('POST', `/api/bids/${bidId}/accept`, owner)).statusCode).toBe(200);
    return taskId;
  };
  const task = async (id: string, viewer: TestUser) =>
    (await call('GET', `/api/tasks/${id}`, viewer)).json();
  const news = async (user: TestUser) =>
    (await call('GET', '/api/notifications', user)).json<
      { type: string; title: string; body: string; taskId: string | null }[]
    >();

  it('an owner leaving: the assigned work waits for the worker, whose confirmation completes it and lets them review', async () => {
    const [owner, worker] = [await signUp(t.app), await signUp(t.app)];
    const taskId = await assigned(owner, worker, 'Fix the roof');
    await deleteAccount(owner);

    expect(await task(taskId, worker)).toMatchObject({
      status: 'In Progress',
      completionRequestedAt: expect.any(String),
    });
    expect((await news(worker))[0]).toMatchObject({
      type: 'completion.requested',
      taskId,
      body: expect.stringContaining('deleted their account'),
    });
    const dispute = await call('POST', `/api/tasks/${taskId}/dispute-completion`, worker, {
      reason: 'not done',
    });
    expect(dispute.statusCode).toBe(409);
    const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, worker);
    expect(confirmed.json()).toMatchObject({ status: 'Completed' });
    const review = await call('POST', `/api/tasks/${taskId}/reviews`, worker, {
      rating: 4,
      comment: 'Good client while it lasted.',
    });
    expect(review.statusCode).toBe(201);
  });

  it('a worker leaving: the assignment is cancelled, the owner told, the task open for bidding again', async () => {
    const [owner, worker, next] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const taskId = await assigned(owner, worker, 'Walk the dog');
    await deleteAccount(worker);

    expect(await task(taskId, owner)).toMatchObject({
      status: 'Not Started',
      assignedTo: null,
      assigneeId: null,
    });
    expect((await news(owner))[0]).toMatchObject({
      type: 'assignment.cancelled',
      taskId,
      title: 'The assignment of “Walk the dog” was cancelled',
    });
    const bidId = await placeBid(next, taskId);
    expect((await call('POST', `/api/bids/${bidId}/accept`, owner)).statusCode).toBe(200);
  });

  it('conversations with the person who left close for writing, saying why', async () => {
    const [owner, bidder, declined] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    const taskId = await newTask(owner);
    await placeBid(bidder, taskId);
    const declinedBid = await placeBid(declined, taskId);
    const opened = await call('POST', '/api/threads', bidder, { taskId });
    const threadId = opened.json().id as string;
    const path = `/api/threads/${threadId}/messages`;
    expect((await call('POST', path, owner, { body: 'Hello' })).statusCode).toBe(201);
    const acceptDeclined = await call('POST', `/api/bids/${declinedBid}/accept`, owner);
    expect(acceptDeclined.statusCode).toBe(200);
    await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, { reason: 'Changed' });

    await deleteAccount(bidder);
    const refused = await call('POST', path, owner, { body: 'Are you there?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: THREAD_MESSAGES.closed['account-deleted'],
      code: 'THREAD_CLOSED',
    });
    expect((await call('GET', `/api/threads/${threadId}`, owner)).json()).toMatchObject({
      closedReason: 'account-deleted',
      writable: false,
    });

    // Nor does a new conversation open with someone who left (their decided bid stays).
    await deleteAccount(declined);
    const reopen = await call('POST', '/api/threads', owner, { taskId, bidderId: declined.id });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(THREAD_MESSAGES.closed['account-deleted']);
  });

  it('owners are told when a deletion withdraws a pending bid on their task', async () => {
    const [owner, bidder] = [await signUp(t.app), await signUp(t.app)];
    const taskId = await newTask(owner, 'Clean the gutters');
    await placeBid(bidder, taskId);
    await deleteAccount(bidder);

    expect((await news(owner))[0]).toMatchObject({
      type: 'bid.withdrawn',
      title: 'A bid on “Clean the gutters” was withdrawn',
      taskId,
    });
    expect((await task(taskId, owner)).bidCount).toBe(0);
  });
});
