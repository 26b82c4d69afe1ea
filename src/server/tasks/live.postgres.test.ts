import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { openSse } from '../../../tests/setup/sse-client.ts';
import { apiCall, signUp } from '../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../tests/factories/tasks.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('live updates across server instances', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareDatabaseWith: a });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows on instance A, within a second, a bid placed through instance B', async () => {
    const owner = await signUp(a.app);
    const bidder = await signUp(b.app);
    const taskId = (await apiCall(a.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const watcher = await openSse(`${baseA}/api/tasks/${taskId}/events`, owner.cookie);
    const sent = Date.now();
    const placed = await apiCall(b.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(placed.statusCode).toBe(201);
    const got = await watcher.next('bid');
    expect(got?.data).toEqual({ bidId: placed.json().insertedId });
    expect((got?.at ?? Infinity) - sent).toBeLessThan(1000);
    watcher.close();
  });

  it('shows a question asked through B on A, and its answer given through A on B, each within a second', async () => {
    // Sessions are signed per instance in tests (each has its own secret): each person
    // stays on the instance they signed up on, as a sticky load balancer keeps them.
    const baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUp(a.app);
    const asker = await signUp(b.app);
    const taskId = (await apiCall(a.app, 'POST', '/api/tasks', owner, buildTask())).json()
      .insertedId;
    const ownersPage = await openSse(`${baseA}/api/tasks/${taskId}/events`, owner.cookie);
    const askersPage = await openSse(`${baseB}/api/tasks/${taskId}/events`, asker.cookie);

    try {
      const askedAt = Date.now();
      const asked = await apiCall(b.app, 'POST', `/api/tasks/${taskId}/questions`, asker, {
        text: 'Is it urgent?',
      });
      expect(asked.statusCode).toBe(201);
      const questionId = asked.json()._id;
      const seen = await ownersPage.next('question');
      expect(seen?.data).toEqual({ questionId });
      expect((seen?.at ?? Infinity) - askedAt).toBeLessThan(1000);

      // The asker's page saw the question too; the next event must be the answer's.
      expect((await askersPage.next('question'))?.data).toEqual({ questionId });
      askersPage.events.length = 0;
      const answeredAt = Date.now();
      const answered = await apiCall(a.app, 'POST', `/api/questions/${questionId}/answer`, owner, {
        answer: 'Not very.',
      });
      expect(answered.statusCode).toBe(200);
      const told = await askersPage.next('question');
      expect(told?.data).toEqual({ questionId });
      expect((told?.at ?? Infinity) - answeredAt).toBeLessThan(1000);
    } finally {
      ownersPage.close();
      askersPage.close();
    }
  });
});
