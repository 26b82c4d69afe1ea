import { beforeAll, describe, expect, it } from 'vitest';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';

type Method = 'GET' | 'POST';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

/** "My Posted Tasks" reads each task's bid count, and whether the owner's review is still due. */
describe('GET /api/tasks?email= (your own list): bid counts and reviews due', () => {
  const t = useTestApp();
  let owner: TestUser;
  let worker: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [owner, worker, other] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  });

  const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
    apiCall(t.app, method, url, user, payload);
  const inserted = async (res: Promise<{ json: <T>() => T }>) =>
    (await res).json<{ insertedId: string }>().insertedId;
  const mine = async () => {
    const res = await call('GET', `/api/tasks?email=${encodeURIComponent(owner.email)}`, owner);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ _id: string; bidCount?: number; reviewDue?: boolean }[]>();
    return new Map(list.map((task) => [task._id, task]));
  };

  it('counts the offers on each task, withdrawn ones left out', async () => {
    const taskId = await inserted(call('POST', '/api/tasks', owner, buildTask()));
    const quiet = await inserted(call('POST', '/api/tasks', owner, buildTask()));
    await call('POST', '/api/bids', worker, buildBid(taskId));
    const withdrawn = await inserted(call('POST', '/api/bids', other, buildBid(taskId)));
    expect((await call('POST', `/api/bids/${withdrawn}/withdraw`, other)).statusCode).toBe(200);

    const list = await mine();
    expect(list.get(taskId)).toMatchObject({ bidCount: 1, reviewDue: false });
    expect(list.get(quiet)).toMatchObject({ bidCount: 0, reviewDue: false });

    // Browsing shows neither: they are the owner's own business.
    const browse = await call('GET', '/api/tasks?limit=100', other);
    const seen = browse.json<Record<string, unknown>[]>().find((task) => task._id === taskId);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('bidCount');
    expect(seen).not.toHaveProperty('reviewDue');
  });

  it('a completed task asks for the owner’s review until it is written', async () => {
    const taskId = await inserted(call('POST', '/api/tasks', owner, buildTask()));
    const bidId = await inserted(call('POST', '/api/bids', worker, buildBid(taskId)));
    expect((await call('POST', `/api/bids/${bidId}/accept`, owner)).statusCode).toBe(200);
    expect((await mine()).get(taskId)?.reviewDue).toBe(false); // assigned, not completed
    expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(200);
    expect((await mine()).get(taskId)?.reviewDue).toBe(false); // waiting for the worker
    const confirmed = await call('POST', `/api/tasks/${taskId}/confirm-completion`, worker);
    expect(confirmed.statusCode).toBe(200);
    expect((await mine()).get(taskId)).toMatchObject({ bidCount: 1, reviewDue: true });

    // The worker's review does not count as the owner's.
    const byWorker = { rating: 5, comment: 'A clear brief, paid on time.' };
    expect((await call('POST', `/api/tasks/${taskId}/reviews`, worker, byWorker)).statusCode).toBe(
      201,
    );
    expect((await mine()).get(taskId)?.reviewDue).toBe(true);

    const byOwner = { rating: 5, comment: 'Great work, on time.' };
    expect((await call('POST', `/api/tasks/${taskId}/reviews`, owner, byOwner)).statusCode).toBe(
      201,
    );
    expect((await mine()).get(taskId)?.reviewDue).toBe(false);
  });
});
