import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { openSse, type SseStream } from '../../../../tests/setup/sse-client.ts';
import { callerFor, type TestUser } from '../../../../tests/factories/users.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import type { Question } from '../../../shared/questions/schema.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('a hidden question, to those who may not see it', () => {
  const t = useTestApp({}, { listen: true });
  const call = callerFor(t);
  const [owner, asker, stranger] = useUsers(t, 3);

  async function hiddenQuestion() {
    const taskId = (await call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const q = (
      await call('POST', `/api/tasks/${taskId}/questions`, asker, { text: 'Cash instead?' })
    ).json<Question>();
    expect(
      (await call('PUT', `/api/questions/${q._id}/hidden`, owner, { hidden: true })).statusCode,
    ).toBe(200);
    return { taskId, id: q._id };
  }

  /** Every way to act on a question by id. */
  const actions = (id: string, who: TestUser) => [
    call('POST', `/api/questions/${id}/answer`, who, { answer: 'No.' }),
    call('PUT', `/api/questions/${id}/answer`, who, { answer: 'No.' }),
    call('PUT', `/api/questions/${id}/hidden`, who, { hidden: false }),
    call('DELETE', `/api/questions/${id}`, who),
  ];

  it('answers 404, exactly as for an id that does not exist', async () => {
    const { id } = await hiddenQuestion();
    const unknown = (await Promise.all(actions(UNKNOWN, stranger))).map((r) => [
      r.statusCode,
      r.json(),
    ]);
    expect(unknown.map(([status]) => status)).toEqual([404, 404, 404, 404]);
    const hidden = (await Promise.all(actions(id, stranger))).map((r) => [r.statusCode, r.json()]);
    expect(hidden).toEqual(unknown);
    // Those who see it are still told why they may not act.
    const byAsker = await call('POST', `/api/questions/${id}/answer`, asker, { answer: 'Yes.' });
    expect(byAsker.statusCode).toBe(403);
    expect((await call('DELETE', `/api/questions/${id}`, owner)).statusCode).toBe(403);
  });

  it('its events reach only the task’s owner and the asker', async () => {
    const taskId = (await call('POST', '/api/tasks', owner, buildTask())).json().insertedId;
    const url = `${t.url}/api/tasks/${taskId}/events`;
    const [ownerSees, askerSees, strangerSees] = [
      await openSse(url, owner.cookie),
      await openSse(url, asker.cookie),
      await openSse(url, stranger.cookie),
    ];
    const about = (stream: SseStream, id: string) =>
      stream.events.filter((e) => (e.data as { questionId?: string }).questionId === id).length;
    /** Waits until each stream has `n` events about the question. */
    const reach = async (streams: SseStream[], id: string, n: number) => {
      const until = Date.now() + 2000;
      while (streams.some((s) => about(s, id) < n) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      for (const s of streams) expect(about(s, id)).toBe(n);
    };
    const q = (
      await call('POST', `/api/tasks/${taskId}/questions`, asker, { text: 'Cash instead?' })
    ).json<Question>();
    await reach([ownerSees, askerSees, strangerSees], q._id, 1);
    // Hiding it is news to everyone who saw it.
    await call('PUT', `/api/questions/${q._id}/hidden`, owner, { hidden: true });
    await reach([ownerSees, askerSees, strangerSees], q._id, 2);
    // While it is hidden, nobody else hears of it: an answer, or its deletion.
    await call('POST', `/api/questions/${q._id}/answer`, owner, { answer: 'No.' });
    await reach([ownerSees, askerSees], q._id, 3);
    const other = (
      await call('POST', `/api/tasks/${taskId}/questions`, asker, { text: 'Spam?' })
    ).json<Question>();
    await call('PUT', `/api/questions/${other._id}/hidden`, owner, { hidden: true });
    await call('DELETE', `/api/questions/${other._id}`, asker);
    await reach([ownerSees, askerSees], other._id, 3);
    // Shown again, everyone hears of it.
    await call('PUT', `/api/questions/${q._id}/hidden`, owner, { hidden: false });
    await reach([ownerSees, askerSees], q._id, 4);
    await reach([strangerSees], q._id, 3);
    expect(about(strangerSees, other._id)).toBe(2);
    for (const s of [ownerSees, askerSees, strangerSees]) s.close();
  });
});
