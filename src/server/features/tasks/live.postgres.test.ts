import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../../tests/setup/test-app.ts';
import { expectEventWithinASecond, openSse } from '../../../../tests/setup/sse-client.ts';
import { apiCall, signUp } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('live updates across server instances', () => {
  const [a, b] = useTwoInstances({}, { listen: true });

  /** An owner signed in on A with a new task, and another person signed in on B. */
  async function taskOnA() {
    const owner = await signUp(a.app);
    const other = await signUp(b.app);
    const created = await apiCall(a.app, 'POST', '/api/tasks', owner, buildTask());
    return { owner, other, taskId: created.json().insertedId as string };
  }

  it('shows on instance A, within a second, a bid placed through instance B', async () => {
    const { owner, other: bidder, taskId } = await taskOnA();
    const watcher = await openSse(`${a.url}/api/tasks/${taskId}/events`, owner.cookie);
    const sent = Date.now();
    const placed = await apiCall(b.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(placed.statusCode).toBe(201);
    await expectEventWithinASecond(watcher, 'bid', { bidId: placed.json().insertedId }, sent);
    watcher.close();
  });

  it('shows a question asked through B on A, and its answer given through A on B, each within a second', async () => {
    // Each person stays on the instance they signed up on (see useTwoInstances).
    const { owner, other: asker, taskId } = await taskOnA();
    const ownersPage = await openSse(`${a.url}/api/tasks/${taskId}/events`, owner.cookie);
    const askersPage = await openSse(`${b.url}/api/tasks/${taskId}/events`, asker.cookie);

    try {
      const askedAt = Date.now();
      const asked = await apiCall(b.app, 'POST', `/api/tasks/${taskId}/questions`, asker, {
        text: 'Is it urgent?',
      });
      expect(asked.statusCode).toBe(201);
      const questionId = asked.json()._id;
      await expectEventWithinASecond(ownersPage, 'question', { questionId }, askedAt);

      // The asker's page saw the question too; the next event must be the answer's.
      expect((await askersPage.next('question'))?.data).toEqual({ questionId });
      askersPage.events.length = 0;
      const answeredAt = Date.now();
      const answered = await apiCall(a.app, 'POST', `/api/questions/${questionId}/answer`, owner, {
        answer: 'Not very.',
      });
      expect(answered.statusCode).toBe(200);
      await expectEventWithinASecond(askersPage, 'question', { questionId }, answeredAt);
    } finally {
      ownersPage.close();
      askersPage.close();
    }
  });
});
