import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { setTimeAgo } from '../../../../tests/factories/clock.ts';
import {
  callerFor,
  markVerified,
  signUp,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import type { Question, QuestionPage } from '../../../shared/questions/schema.ts';
import { mailOutbox, questions } from '../../platform/db/schema.ts';
import { RATE_LIMITS } from '../../platform/http/rate-limits.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('questions on a task', () => {
  const t = useTestApp();
  const call = callerFor(t);
  let owner: TestUser;
  let bidder: TestUser;
  let otherBidder: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [owner, bidder, otherBidder, stranger] = [
      await signUp(t.app, { name: 'Olive Owner' }),
      await signUp(t.app, { name: 'Bea Bidder' }),
      await signUp(t.app, { name: 'Otto Other' }),
      await signUp(t.app, { name: 'Stan Stranger' }),
    ];
  });

  /** A task of the owner's that both bidders bid on. */
  async function task() {
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Paint the fence' });
    for (const who of [bidder, otherBidder])
      expect((await call('POST', '/api/bids', who, buildBid(taskId))).statusCode).toBe(201);
    return taskId;
  }
  const ask = (taskId: string, who: TestUser | undefined, text = 'Which colour?') =>
    call('POST', `/api/tasks/${taskId}/questions`, who, { text });
  async function asked(taskId: string, who = bidder, text = 'Which colour?') {
    const res = await ask(taskId, who, text);
    expect(res.statusCode).toBe(201);
    return res.json<Question>();
  }
  const answer = (id: string, who: TestUser | undefined, text = 'White, please.') =>
    call('POST', `/api/questions/${id}/answer`, who, { answer: text });
  const editAnswer = (id: string, who: TestUser | undefined, text = 'Off-white.') =>
    call('PUT', `/api/questions/${id}/answer`, who, { answer: text });
  const hide = (id: string, who: TestUser | undefined, hidden = true) =>
    call('PUT', `/api/questions/${id}/hidden`, who, { hidden });
  const list = async (taskId: string, who: TestUser, query = '') => {
    const res = await call('GET', `/api/tasks/${taskId}/questions${query}`, who);
    expect(res.statusCode).toBe(200);
    return res.json<QuestionPage>();
  };
  const expectError = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    message: RegExp,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(message) });
  };

  it('lists the questions for every signed-in person and nobody signed out', async () => {
    const taskId = await task();
    const q = await asked(taskId);
    for (const who of [owner, bidder, otherBidder, stranger]) {
      const page = await list(taskId, who);
      expect(page.total).toBe(1);
      expect(page.items.map((i) => i._id)).toEqual([q._id]);
      expect(page.canAsk).toBe(who !== owner);
    }
    expectError(await call('GET', `/api/tasks/${taskId}/questions`), 401, /sign in/i);
    expectError(
      await call('GET', `/api/tasks/${UNKNOWN}/questions`, stranger),
      404,
      /Task not found/,
    );
    expectError(
      await call('GET', '/api/tasks/not-a-task/questions', stranger),
      404,
      /Task not found/,
    );
  });

  it('lets anyone signed in but the owner ask; the text stays plain text', async () => {
    const taskId = await task();
    expectError(await ask(taskId, undefined), 401, /sign in/i);
    expectError(await ask(taskId, owner), 403, /your own task/);
    for (const who of [bidder, otherBidder, stranger]) {
      const q = await asked(taskId, who, `From ${who.name}`);
      expect(q).toMatchObject({
        taskId,
        asker: { id: who.id, name: who.name },
        answer: null,
        hidden: false,
        canDelete: true,
        canAnswer: false,
      });
    }
    const html = await asked(taskId, stranger, '<b>bold?</b> <script>alert(1)</script>');
    expect(html.text).toBe('<b>bold?</b> <script>alert(1)</script>');
    expect((await list(taskId, owner)).items[0]).toMatchObject({ canAnswer: true, canHide: true });
  });

  it('refuses bad questions with 4xx JSON and writes nothing', async () => {
    const taskId = await task();
    for (const text of ['', '   \n ', 'x'.repeat(1001)]) {
      const res = await ask(taskId, bidder, text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.stringMatching(/Question/),
        issues: [{ path: 'body.text', message: expect.stringMatching(/Question/) }],
      });
    }
    const noBody = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {});
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().issues).toEqual([{ path: 'body.text', message: 'Question is required' }]);
    expectError(await ask(UNKNOWN, bidder), 404, /Task not found/);
    expect((await list(taskId, owner)).total).toBe(0);
    expect((await asked(taskId, bidder, 'y'.repeat(1000))).text).toHaveLength(1000);
  });

  it('lets only the owner answer, once', async () => {
    const taskId = await task();
    const q = await asked(taskId);
    expectError(await answer(q._id, undefined), 401, /sign in/i);
    for (const who of [bidder, otherBidder, stranger])
      expectError(await answer(q._id, who), 403, /owner can answer/);
    for (const text of ['', ' ', 'z'.repeat(2001)]) {
      const res = await answer(q._id, owner, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: 'body.answer' });
    }
    const res = await answer(q._id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      answer: 'White, please.',
      canAnswer: false,
      canEditAnswer: true,
      answerEditedAt: null,
    });
    expect(res.json().answeredAt).not.toBeNull();
    expectError(await answer(q._id, owner, 'Again'), 409, /already answered/);
    expectError(await answer(UNKNOWN, owner), 404, /Question not found/);
    expectError(await answer('nope', owner), 404, /Question not found/);
    // Everyone sees the answer; nobody but the owner may change it.
    const [seen] = (await list(taskId, otherBidder)).items;
    expect(seen).toMatchObject({
      answer: 'White, please.',
      canEditAnswer: false,
      canDelete: false,
    });
  });

  it('lets the owner change the answer for 10 minutes, then no more', async () => {
    const taskId = await task();
    const q = await asked(taskId);
    expectError(await editAnswer(q._id, owner), 409, /no answer yet/);
    expect((await answer(q._id, owner)).statusCode).toBe(200);
    for (const who of [bidder, otherBidder, stranger])
      expectError(await editAnswer(q._id, who), 403, /owner can answer/);
    await setTimeAgo(t.app.database.db, questions.answeredAt, q._id, '9 minutes');
    const edited = await editAnswer(q._id, owner, 'Off-white, two coats.');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ answer: 'Off-white, two coats.', canEditAnswer: true });
    expect(edited.json().answerEditedAt).not.toBeNull();
    await setTimeAgo(t.app.database.db, questions.answeredAt, q._id, '11 minutes');
    expectError(await editAnswer(q._id, owner, 'Too late'), 409, /within 10 minutes/);
    expect((await list(taskId, owner)).items[0]).toMatchObject({
      answer: 'Off-white, two coats.',
      canEditAnswer: false,
    });
  });

  it('hides a question from everyone but the owner and the asker, and shows it again', async () => {
    const taskId = await task();
    const q = await asked(taskId, bidder, 'Can I pay you outside TaskBid?');
    await asked(taskId, otherBidder, 'Is the fence wood?');
    expectError(await hide(q._id, undefined), 401, /sign in/i);
    for (const who of [bidder, otherBidder, stranger])
      expectError(await hide(q._id, who), 403, /owner can hide/);
    const hidden = await hide(q._id, owner);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true });

    for (const who of [otherBidder, stranger]) {
      const page = await list(taskId, who);
      expect(page.total).toBe(1);
      expect(page.items.map((i) => i._id)).not.toContain(q._id);
    }
    for (const who of [owner, bidder]) {
      const page = await list(taskId, who);
      expect(page.total).toBe(2);
      expect(page.items.find((i) => i._id === q._id)).toMatchObject({ hidden: true });
    }
    expect((await hide(q._id, owner, false)).json()).toMatchObject({ hidden: false });
    expect((await list(taskId, stranger)).total).toBe(2);
    expectError(await hide(UNKNOWN, owner), 404, /Question not found/);
    const bad = await call('PUT', `/api/questions/${q._id}/hidden`, owner, { hidden: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets the asker delete their unanswered question, nobody else', async () => {
    const taskId = await task();
    const q = await asked(taskId);
    const del = (who?: TestUser, id = q._id) => call('DELETE', `/api/questions/${id}`, who);
    expectError(await del(), 401, /sign in/i);
    for (const who of [owner, otherBidder, stranger])
      expectError(await del(who), 403, /who asked can delete/);
    const gone = await del(bidder);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ acknowledged: true, deletedCount: 1 });
    expect((await list(taskId, owner)).total).toBe(0);
    expectError(await del(bidder), 404, /Question not found/);

    const answered = await asked(taskId);
    expect((await answer(answered._id, owner)).statusCode).toBe(200);
    expectError(await del(bidder, answered._id), 409, /answered question cannot be deleted/);
  });

  it('pages newest first by cursor without gaps or repeats', async () => {
    const taskId = await task();
    const texts = Array.from({ length: 23 }, (_, i) => `Question ${i + 1}`);
    for (const text of texts) await asked(taskId, stranger, text);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await list(taskId, bidder, `?limit=10&cursor=${cursor}`);
      expect(page.total).toBe(23);
      seen.push(...page.items.map((i) => i.text));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(texts.toReversed());
    expect((await list(taskId, bidder)).items).toHaveLength(10);

    for (const query of ['?cursor=garbage', '?limit=0', '?limit=101', '?limit=ten']) {
      const res = await call('GET', `/api/tasks/${taskId}/questions${query}`, bidder);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toMatch(/^querystring\.(cursor|limit)$/);
    }
  });

  it('notifies the owner of a question and the asker of the answer, in the app and by e-mail', async () => {
    await markVerified(t.app, owner, bidder); // mail goes to verified addresses only
    const taskId = await task();
    const q = await asked(taskId, bidder, 'Do you have a ladder?');
    expect((await answer(q._id, owner, 'Yes, a tall one.')).statusCode).toBe(200);
    expect((await editAnswer(q._id, owner, 'Yes, a tall one, in the shed.')).statusCode).toBe(200);

    const inApp = async (who: TestUser) =>
      (await call('GET', '/api/notifications', who))
        .json<{ type: string; title: string; body: string; taskId: string }[]>()
        .filter((n) => n.type.startsWith('question.'));
    expect(await inApp(owner)).toContainEqual(
      expect.objectContaining({
        type: 'question.asked',
        title: 'New question on “Paint the fence”',
        body: 'Bea Bidder asked: Do you have a ladder?',
        taskId,
      }),
    );
    // One notice for the answer: changing it does not notify again.
    const forAsker = (await inApp(bidder)).filter((n) => n.taskId === taskId);
    expect(forAsker).toEqual([
      expect.objectContaining({
        type: 'question.answered',
        title: 'Your question on “Paint the fence” was answered',
        body: 'Olive Owner answered: Yes, a tall one.',
      }),
    ]);
    expect((await inApp(otherBidder)).filter((n) => n.taskId === taskId)).toEqual([]);

    const mails = (to: TestUser, type: string) =>
      t.app.database.db
        .select({ kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.recipient, to.email),
            sql`${mailOutbox.payload}->>'type' = ${type}`,
            sql`${mailOutbox.payload}->>'taskId' = ${taskId}`,
          ),
        );
    expect(await mails(owner, 'question.asked')).toHaveLength(1);
    expect(await mails(bidder, 'question.answered')).toHaveLength(1);
  });

  it('announces each change on the task’s event stream', async () => {
    const taskId = await task();
    const seen: string[] = [];
    const stop = t.app.events.subscribe((e) => {
      if (e.type === 'question.changed' && e.taskId === taskId) seen.push(e.questionId);
    });
    const q = await asked(taskId);
    await answer(q._id, owner);
    await hide(q._id, owner);
    const other = await asked(taskId, stranger);
    await call('DELETE', `/api/questions/${other._id}`, stranger);
    await expect.poll(() => seen.length).toBe(5);
    expect(seen).toEqual([q._id, q._id, q._id, other._id, other._id]);
    stop();
  });
});

describe('questions: rate limit', () => {
  const t = useTestApp({ RATE_LIMITS: 'on' });
  const call = callerFor(t);

  it(`lets one person ask ${RATE_LIMITS.questionsPerUser} questions a minute`, async () => {
    const owner = await signUp(t.app, {}, '10.9.0.1');
    const [busy, other] = [
      await signUp(t.app, {}, '10.9.0.2'),
      await signUp(t.app, {}, '10.9.0.3'),
    ];
    const taskId = await insertTask(t.app.database.db, owner.id);
    const ask = (who: TestUser) =>
      call('POST', `/api/tasks/${taskId}/questions`, who, { text: 'How big is it?' });
    for (let i = 0; i < RATE_LIMITS.questionsPerUser; i++)
      expect((await ask(busy)).statusCode).toBe(201);
    const refused = await ask(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/Try again/) });
    expect((await ask(other)).statusCode).toBe(201);
  });
});
