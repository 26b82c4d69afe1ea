import { describe, expect, it } from 'vitest';
import { COMPLETION_CONFIRM_DAYS } from '../../../shared/lifecycle.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { callerFor, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import { confirmOverdueCompletions } from './completion-job.ts';

/*
 * Completion is the worker's to confirm: the owner's "completed" waits for them (or for
 * COMPLETION_CONFIRM_DAYS), and no review is written on work the worker has not confirmed.
 */
describe('completing a task takes the worker’s confirmation', () => {
  const t = useTestApp();
  const [owner, ann, stranger] = useUsers(t, 3);
  const call = callerFor(t);

  const assigned = async () => {
    const taskId = (await call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const bidId = (await call('POST', '/api/bids', ann, buildBid(taskId))).json().insertedId;
    expect((await call('POST', `/api/bids/${bidId}/accept`, owner)).statusCode).toBe(200);
    return taskId as string;
  };
  const review = (taskId: string, user: TestUser) =>
    call('POST', `/api/tasks/${taskId}/reviews`, user, {
      rating: 1,
      comment: 'never delivered anything',
    });
  const task = async (id: string) => (await call('GET', `/api/tasks/${id}`, ann)).json();
  const news = async (user: TestUser) =>
    (await call('GET', '/api/notifications', user)).json<
      { type: string; title: string; body: string }[]
    >();

  it('an owner cannot accept, complete and leave 1 star before the worker confirmed', async () => {
    const taskId = await assigned();
    const done = await call('POST', `/api/tasks/${taskId}/complete`, owner);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ acknowledged: true, taskId, status: 'In Progress' });

    const bombed = await review(taskId, owner);
    expect(bombed.statusCode).toBe(409);
    expect(bombed.json().code).toBe('NOT_COMPLETED');
    expect(await task(taskId)).toMatchObject({
      status: 'In Progress',
      assigneeId: ann.id,
      completionRequestedAt: expect.any(String),
    });
  });

  it('tells the worker the day it confirms itself; the worker confirms, and reviews open', async () => {
    const taskId = await assigned();
    const done = await call('POST', `/api/tasks/${taskId}/complete`, owner);
    const confirmsAt = new Date(done.json().confirmsAt);
    const days = (confirmsAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeCloseTo(COMPLETION_CONFIRM_DAYS, 1);
    const [asked] = await news(ann);
    expect(asked).toMatchObject({ type: 'completion.requested' });
    expect(asked?.body).toContain(
      confirmsAt.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
    );

    // Only the worker answers; nobody completes twice.
    expect((await call('POST', `/api/tasks/${taskId}/confirm-completion`, owner)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/tasks/${taskId}/confirm-completion`, stranger)).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(409);

    const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann);
    expect(confirmed.json()).toEqual({ acknowledged: true, taskId, status: 'Completed' });
    expect(await task(taskId)).toMatchObject({ status: 'Completed', completionRequestedAt: null });
    expect((await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann)).statusCode).toBe(
      409,
    );
    expect((await review(taskId, owner)).statusCode).toBe(201);
  });

  it('a disputed completion stays In Progress, the owner is told why, and no review can be written', async () => {
    const taskId = await assigned();
    await call('POST', `/api/tasks/${taskId}/complete`, owner);
    const path = `/api/tasks/${taskId}/dispute-completion`;
    expect((await call('POST', path, ann, { reason: '  ' })).statusCode).toBe(400);
    expect((await call('POST', path, owner, { reason: 'mine' })).statusCode).toBe(403);

    const disputed = await call('POST', path, ann, { reason: 'The last page is missing' });
    expect(disputed.json()).toEqual({ acknowledged: true, taskId, status: 'In Progress' });
    expect(await task(taskId)).toMatchObject({
      status: 'In Progress',
      completionRequestedAt: null,
    });
    expect((await news(owner))[0]).toMatchObject({
      type: 'completion.disputed',
      body: expect.stringContaining('The last page is missing'),
    });
    expect((await review(taskId, owner)).statusCode).toBe(409);
    expect((await review(taskId, ann)).statusCode).toBe(409);
    // Nothing to confirm now, and the job leaves it alone however late it is.
    expect((await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann)).statusCode).toBe(
      409,
    );
    const later = new Date(Date.now() + (COMPLETION_CONFIRM_DAYS + 1) * 86_400_000);
    await confirmOverdueCompletions(t.app.database.db, t.app.events, later);
    expect((await task(taskId)).status).toBe('In Progress');

    // Settled: the owner marks it completed again and the worker confirms.
    expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(200);
    expect((await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann)).statusCode).toBe(
      200,
    );
  });

  it('confirms itself once the stated days pass without an answer, telling the worker', async () => {
    const taskId = await assigned();
    await call('POST', `/api/tasks/${taskId}/complete`, owner);
    const db = t.app.database.db;
    const almost = new Date(Date.now() + (COMPLETION_CONFIRM_DAYS - 0.5) * 86_400_000);
    await confirmOverdueCompletions(db, t.app.events, almost);
    expect((await task(taskId)).status).toBe('In Progress');

    const past = new Date(Date.now() + (COMPLETION_CONFIRM_DAYS + 0.01) * 86_400_000);
    expect(await confirmOverdueCompletions(db, t.app.events, past)).toBeGreaterThanOrEqual(1);
    expect(await task(taskId)).toMatchObject({ status: 'Completed', completionRequestedAt: null });
    const types = (await news(ann)).map((n) => n.type);
    expect(types.slice(0, 2).sort()).toEqual(['review.requested', 'task.completed']);
    expect(await confirmOverdueCompletions(db, t.app.events, past)).toBe(0);
  });
});
