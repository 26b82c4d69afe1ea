import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  apiCall,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { setTimeAgo } from '../../../../tests/factories/clock.ts';
import { sendWhileShedding } from '../../../../tests/setup/load-shedding.ts';
import { notifications, tasks } from '../../platform/db/schema.ts';
import { runReviewJobs } from './review-window.ts';

type Method = 'GET' | 'POST' | 'PUT';

describe('reviews after completed work', () => {
  const t = useTestApp();
  let owner: TestUser;
  let freelancer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    // Verified: only reviews between verified people count toward ratings.
    [owner, freelancer, stranger] = [
      await signUpVerified(t.app),
      await signUpVerified(t.app),
      await signUp(t.app),
    ];
  });

  const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
    apiCall(t.app, method, url, user, payload);
  const inserted = async (res: Promise<{ json: <T>() => T }>) =>
    (await res).json<{ insertedId: string }>().insertedId;

  /** A task `by` posted, `worker` bid on and got, in the state `until` says. */
  async function taskDoneBy(
    by = owner,
    worker = freelancer,
    until: 'assigned' | 'completed' = 'completed',
  ) {
    const taskId = await inserted(call('POST', '/api/tasks', by, buildTask()));
    const bidId = await inserted(call('POST', '/api/bids', worker, buildBid(taskId)));
    expect((await call('POST', `/api/bids/${bidId}/accept`, by)).statusCode).toBe(200);
    if (until === 'completed') {
      expect((await call('POST', `/api/tasks/${taskId}/complete`, by)).statusCode).toBe(200);
      const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, worker);
      expect(confirmed.statusCode).toBe(200);
    }
    return taskId;
  }
  const review = (
    taskId: string,
    user: TestUser,
    rating = 5,
    comment = 'Great to work with, thank you!',
  ) => call('POST', `/api/tasks/${taskId}/reviews`, user, { rating, comment });
  const profile = async (user: TestUser) => (await call('GET', `/api/users/${user.id}`)).json();
  const received = async (user: TestUser) =>
    (await call('GET', `/api/users/${user.id}/reviews`)).json<{ _id: string; rating: number }[]>();

  it('keeps a review hidden until the other side has reviewed, then publishes both at once', async () => {
    const taskId = await taskDoneBy();
    const first = await review(taskId, owner, 4, 'Solid work, delivered on time.');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 4, role: 'freelancer', publishedAt: null });

    // Nobody but its author sees it: not the reviewee, not the public profile.
    const freelancersView = (await call('GET', `/api/tasks/${taskId}/reviews`, freelancer)).json();
    expect(freelancersView).toMatchObject({ reviews: [], mine: null, canReview: true });
    expect(await received(freelancer)).toEqual([]);
    expect((await call('GET', `/api/tasks/${taskId}/reviews`, owner)).json().mine).toMatchObject({
      rating: 4,
      publishedAt: null,
    });

    // The author may still change it while it is hidden.
    const edited = await call('PUT', `/api/reviews/${first.json()._id}`, owner, {
      rating: 5,
      comment: 'Solid work, delivered early.',
    });
    expect(edited.statusCode).toBe(200);

    const second = await review(taskId, freelancer, 3, 'Clear brief, paid on time.');
    expect(second.statusCode).toBe(201);
    expect(second.json().publishedAt).not.toBeNull();

    const both = (await call('GET', `/api/tasks/${taskId}/reviews`, owner)).json();
    expect(both.reviews).toHaveLength(2);
    expect(both.canReview).toBe(false);
    expect((await received(freelancer)).map((r) => r.rating)).toEqual([5]);
    expect((await received(owner)).map((r) => r.rating)).toEqual([3]);
    expect((await profile(freelancer)).freelancer.rating).toEqual({ average: 5, count: 1 });
    expect((await profile(owner)).client.rating).toEqual({ average: 3, count: 1 });

    // Published: no more edits; the reviewee replies once, publicly.
    const late = await call('PUT', `/api/reviews/${first.json()._id}`, owner, {
      rating: 1,
      comment: 'Changed my mind about it.',
    });
    expect(late.statusCode).toBe(409);
    const reply = await call('POST', `/api/reviews/${first.json()._id}/reply`, freelancer, {
      reply: 'Thanks, it was a pleasure.',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().reply).toBe('Thanks, it was a pleasure.');
    const again = await call('POST', `/api/reviews/${first.json()._id}/reply`, freelancer, {
      reply: 'One more thing.',
    });
    expect(again.statusCode).toBe(409);
    const notMine = await call('POST', `/api/reviews/${second.json()._id}/reply`, freelancer, {
      reply: 'Replying to my own review.',
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('publishes a lone review when the window closes, counts it once, and takes no new review after', async () => {
    const worker = await signUpVerified(t.app);
    const taskId = await taskDoneBy(owner, worker);
    expect((await review(taskId, worker, 2, 'Slow to answer messages.')).statusCode).toBe(201);

    await setTimeAgo(t.app.database.db, tasks.completedAt, taskId, '13 days');
    await runReviewJobs(t.app.database.db, t.app.events);
    expect((await profile(owner)).client.rating.count).toBe(1); // only the first test's review

    await setTimeAgo(t.app.database.db, tasks.completedAt, taskId, '15 days');
    const [a, b] = await Promise.all([
      runReviewJobs(t.app.database.db, t.app.events),
      runReviewJobs(t.app.database.db, t.app.events),
    ]);
    expect(a.published + b.published).toBe(1);
    expect((await profile(owner)).client.rating).toEqual({ average: 2.5, count: 2 });

    const tooLate = await review(taskId, owner);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toMatch(/window for this task has closed/);
    const published = await t.app.database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(published.filter((n) => n.type === 'review.published')).toHaveLength(2);
  });

  it('asks both sides to review on completion and reminds, once, whoever has not after 7 days', async () => {
    const worker = await signUp(t.app);
    const taskId = await taskDoneBy(owner, worker);
    const typesOf = async (user: TestUser) =>
      (
        await t.app.database.db
          .select({ type: notifications.type, taskId: notifications.taskId })
          .from(notifications)
          .where(eq(notifications.userId, user.id))
      )
        .filter((n) => n.taskId === taskId)
        .map((n) => n.type);
    expect(await typesOf(worker)).toContain('review.requested');
    expect(await typesOf(owner)).toContain('review.requested');

    expect((await review(taskId, worker)).statusCode).toBe(201);
    await t.app.database.db.execute(
      sql`update review_requests set created_at = now() - interval '8 days' where task_id = ${taskId}`,
    );
    await runReviewJobs(t.app.database.db, t.app.events);
    await runReviewJobs(t.app.database.db, t.app.events);
    expect((await typesOf(owner)).filter((x) => x === 'review.reminder')).toHaveLength(1);
    expect(await typesOf(worker)).not.toContain('review.reminder');
  });

  it('refuses what is not a review of finished work, with a clear message and nothing written', async () => {
    const assigned = await taskDoneBy(owner, freelancer, 'assigned');
    const done = await taskDoneBy();
    const cases: [string, Promise<{ statusCode: number; json: <T>() => T }>, number][] = [
      ['not completed', review(assigned, owner), 409],
      ['a stranger', review(done, stranger), 403],
      [
        'signed out',
        call('POST', `/api/tasks/${done}/reviews`, undefined, {
          rating: 5,
          comment: 'Anonymous praise here',
        }),
        401,
      ],
      ['rating 0', review(done, owner, 0), 400],
      ['rating 6', review(done, owner, 6), 400],
      ['rating 2.5', review(done, owner, 2.5), 400],
      ['empty comment', review(done, owner, 5, ''), 400],
      ['short comment', review(done, owner, 5, 'Good'), 400],
      ['unknown task', review('00000000-0000-4000-8000-000000000000', owner), 404],
      ['malformed task id', review('not-a-task', owner), 404],
    ];
    for (const [what, res, status] of cases) {
      const answer = await res;
      expect(answer.statusCode, what).toBe(status);
      expect(answer.json<{ message: string }>().message, what).toBeTruthy();
    }
    expect((await call('GET', `/api/tasks/${done}/reviews`, owner)).json().mine).toBeNull();

    expect((await review(done, owner)).statusCode).toBe(201);
    const twice = await review(done, owner);
    expect(twice.statusCode).toBe(409);
    expect((await call('GET', `/api/tasks/${done}/reviews`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/tasks/${done}/reviews`)).statusCode).toBe(401);
  });

  it('keeps ratings exact when 50 reviews of one person publish at the same moment', async () => {
    const busy = await signUpVerified(t.app);
    const clients: TestUser[] = [];
    for (let i = 0; i < 10; i++) clients.push(await signUpVerified(t.app));
    // 50 tasks, 5 for each client, completed with `busy` doing the work (set up in the
    // database), each already reviewed by `busy`: every client review below publishes a pair.
    const taskIds = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertTask(t.app.database.db, clients[i % 10]!.id, {
          status: 'Completed',
          assigneeId: busy.id,
          assignedTo: busy.name,
          completedAt: new Date(),
        }),
      ),
    );
    for (const taskId of taskIds) expect((await review(taskId, busy, 5)).statusCode).toBe(201);
    const ratings = taskIds.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(
      taskIds.map((id, i) => sendWhileShedding(() => review(id, clients[i % 10]!, ratings[i]))),
    );
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 201 ? '' : a.body}`)).toEqual(
      answers.map(() => '201 '),
    );
    // All 50 are shown; one per client counts (one per pair in six months), whichever
    // published first, and the rating is exactly theirs.
    const shown = (await call('GET', `/api/users/${busy.id}/reviews?limit=100`)).json<
      { rating: number; counted: boolean; reviewer: { id: string } }[]
    >();
    expect(shown).toHaveLength(50);
    const counted = shown.filter((r) => r.counted);
    expect(new Set(counted.map((r) => r.reviewer.id)).size).toBe(10);
    expect(counted).toHaveLength(10);
    const sum = counted.reduce((a, r) => a + r.rating, 0);
    expect((await profile(busy)).freelancer.rating).toEqual({
      average: Math.round((sum / 10) * 10) / 10,
      count: 10,
    });
    for (const client of clients)
      expect((await profile(client)).client.rating).toEqual({ average: 5, count: 1 });
  }, 60_000);
});
