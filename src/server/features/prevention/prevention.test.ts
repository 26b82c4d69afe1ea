import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { buildBid, buildTask, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import {
  callerFor,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { CONTACT_WARNING } from '../../../shared/moderation/contact-detector.ts';
import type { WatchedWord } from '../../../shared/moderation/watched-words.ts';
import {
  moderationSettingsSchema,
  type ModerationSettings,
  type QueueItem,
} from '../../../shared/operators/schema.ts';
import {
  auditLog,
  moderationCases,
  reports,
  reviews,
  tasks,
  user,
} from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';

const DEFAULTS = moderationSettingsSchema.parse({});

describe('prevention', () => {
  const t = useTestApp({ NEW_ACCOUNT_LIMITS: 'on' });
  const call = callerFor(t);
  const [member, support, moderator, admin] = useUsers(t, 4);

  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    await operators.setRoleFromConsole(support.email, 'support');
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(admin.email, 'admin');
  });

  /** Saves the defaults with `changes` as the admin. */
  async function save(changes: Partial<ModerationSettings>) {
    const res = await call('PUT', '/api/admin/settings', admin, {
      ...DEFAULTS,
      ...changes,
      reason: 'Test',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const words = (watchedWords: WatchedWord[]) => save({ watchedWords });

  /** The system reports of a thing, with their queue item's score. */
  async function systemReports(targetType: string, targetId: string) {
    return t.app.database.db
      .select({
        category: reports.category,
        comment: reports.comment,
        weight: reports.weight,
        reporterId: reports.reporterId,
        score: moderationCases.score,
        status: moderationCases.status,
      })
      .from(reports)
      .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
      .where(
        and(
          eq(reports.source, 'system'),
          eq(reports.targetType, targetType as 'task'),
          eq(reports.targetId, targetId),
        ),
      );
  }

  const ageAccount = (u: TestUser, hours: number) =>
    t.app.database.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(user.id, u.id));

  describe('settings', () => {
    it('answers anonymous 401, a member 404, support and moderators 403, an admin 200', async () => {
      const body = { ...DEFAULTS, reason: 'Test' };
      const seen: string[] = [];
      for (const [who, person] of [
        ['anonymous', undefined],
        ['member', member],
        ['support', support],
        ['moderator', moderator],
        ['admin', admin],
      ] as const) {
        const get = await call('GET', '/api/admin/settings', person);
        const put = await call('PUT', '/api/admin/settings', person, body);
        seen.push(`${who} ${get.statusCode} ${put.statusCode}`);
      }
      expect(seen).toEqual([
        'anonymous 401 401',
        'member 404 404',
        'support 403 403',
        'moderator 403 403',
        'admin 200 200',
      ]);
    });

    it('an admin changes them; the audit log keeps them before and after, with the reason', async () => {
      await save({});
      const changed = {
        ...DEFAULTS,
        hideScore: 4.5,
        newAccount: { tasks: 5, bids: 6, messages: 7, linkFreeMessages: 0 },
        watchedWords: [{ word: 'Knock-off', action: 'flag', category: 'illegal' }],
      };
      const res = await call('PUT', '/api/admin/settings', admin, {
        ...changed,
        reason: 'Fakes are on the rise',
      });
      expect(res.json()).toEqual(changed);
      expect((await call('GET', '/api/admin/settings', admin)).json()).toEqual(changed);
      const [row] = await t.app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'settings.changed'))
        .orderBy(auditLog.id)
        .then((rows) => rows.slice(-1));
      expect(row).toMatchObject({
        actorId: admin.id,
        actorRole: 'admin',
        targetType: 'settings',
        targetId: 'moderation',
        before: DEFAULTS,
        after: changed,
        reason: 'Fakes are on the rise',
      });
      await save({});
    });

    it('refuses bad settings with the issue on each field, and changes nothing', async () => {
      const res = await call('PUT', '/api/admin/settings', admin, {
        ...DEFAULTS,
        hideScore: 0,
        newAccount: { ...DEFAULTS.newAccount, tasks: -1 },
        watchedWords: [
          { word: 'spam', action: 'block' },
          { word: 'SPAM', action: 'mask' },
          { word: ' ', action: 'flag' },
        ],
        reason: 'Test',
      });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'body.hideScore',
          'body.newAccount.tasks',
          'body.watchedWords.2.word',
        ]),
      );
      expect((await call('GET', '/api/admin/settings', admin)).json()).toEqual(DEFAULTS);
    });
  });

  describe('new-account limits', () => {
    it('refuses a new account’s task past the day’s allowance (429), and not once it is a day old', async () => {
      await save({ newAccount: { ...DEFAULTS.newAccount, tasks: 2 } });
      const fresh = await signUp(t.app);
      for (let i = 0; i < 2; i++) {
        expect((await call('POST', '/api/tasks', fresh, buildTask())).statusCode).toBe(201);
      }
      const refused = await call('POST', '/api/tasks', fresh, buildTask());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^New accounts can post 2 tasks in their first day\. You can post more from \d{1,2} \w{3}, \d{2}:\d{2} UTC\.$/,
      );
      await ageAccount(fresh, 25);
      expect((await call('POST', '/api/tasks', fresh, buildTask())).statusCode).toBe(201);
      await save({});
    });

    it('counts new bids, not changes of an offer', async () => {
      await save({ newAccount: { ...DEFAULTS.newAccount, bids: 1 } });
      const fresh = await signUp(t.app);
      const [first, second] = [
        await insertTask(t.app.database.db, member.id),
        await insertTask(t.app.database.db, member.id),
      ];
      expect((await call('POST', '/api/bids', fresh, buildBid(first))).statusCode).toBe(201);
      const changed = await call('POST', '/api/bids', fresh, buildBid(first, { amount: 99 }));
      expect(changed.statusCode).toBe(200);
      const refused = await call('POST', '/api/bids', fresh, buildBid(second));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^New accounts can place 1 bid in their first day/);
      await ageAccount(fresh, 24.1);
      expect((await call('POST', '/api/bids', fresh, buildBid(second))).statusCode).toBe(201);
      await save({});
    });

    it('refuses links in a new account’s first messages, and messages past the allowance', async () => {
      await save({ newAccount: { ...DEFAULTS.newAccount, messages: 3, linkFreeMessages: 1 } });
      const fresh = await signUp(t.app);
      const taskId = await insertTask(t.app.database.db, member.id);
      await insertBid(t.app.database.db, taskId, fresh.id);
      const thread = (await call('POST', '/api/threads', fresh, { taskId })).json<{ id: string }>();
      const send = (body: string) =>
        call('POST', `/api/threads/${thread.id}/messages`, fresh, { body });
      for (const link of ['See https://example.com/x', 'www.example.com has it']) {
        const refused = await send(link);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toMatch(/^Links can't be sent in your first message\./);
        expect(refused.json().issues).toEqual([
          { path: 'body.body', message: refused.json().message },
        ]);
      }
      expect((await send('Hello there')).statusCode).toBe(201);
      expect((await send('Now https://example.com/x')).statusCode).toBe(201);
      expect((await send('Third')).statusCode).toBe(201);
      const refused = await send('Fourth');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^New accounts can send 3 messages in their first day/,
      );
      await ageAccount(fresh, 30);
      expect((await send('Fourth')).statusCode).toBe(201);
      await save({});
    });

    it('leaves an account over a day old alone', async () => {
      await save({ newAccount: { tasks: 0, bids: 0, messages: 0, linkFreeMessages: 5 } });
      await ageAccount(member, 48);
      expect((await call('POST', '/api/tasks', member, buildTask())).statusCode).toBe(201);
      const fresh = await signUp(t.app);
      const refused = await call('POST', '/api/tasks', fresh, buildTask());
      expect(refused.json().message).toMatch(/^New accounts can post no tasks in their first day/);
      await save({});
    });
  });

  describe('watched words', () => {
    let writer: TestUser;
    beforeAll(async () => {
      writer = await signUp(t.app);
      await ageAccount(writer, 48);
      await words([
        { word: 'counterfeit', action: 'block' },
        { word: 'darn', action: 'mask' },
        { word: 'sketchy deal', action: 'flag', category: 'spam' },
        { word: 'wire me', action: 'hold', category: 'scam' },
      ]);
    });

    it('block: the task is refused with the issue on the field; an edit too', async () => {
      const res = await call(
        'POST',
        '/api/tasks',
        writer,
        buildTask({ description: 'Selling COUNTERFEIT bags' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        {
          path: 'body.description',
          message: "This contains a word we don't allow: “COUNTERFEIT”.",
        },
      ]);
      const id = (await call('POST', '/api/tasks', writer, buildTask())).json().insertedId;
      const edit = await call(
        'PUT',
        `/api/tasks/${id}`,
        writer,
        buildTask({ title: 'counterfeit' }),
      );
      expect(edit.statusCode).toBe(400);
      expect(edit.json().issues[0].path).toBe('body.title');
    });

    it('mask: the word is saved as •••', async () => {
      const res = await call(
        'POST',
        '/api/tasks',
        writer,
        buildTask({ title: 'Fix the darn sink', description: 'Darn leak, darned socks' }),
      );
      const [row] = await t.app.database.db
        .select({ title: tasks.title, description: tasks.description })
        .from(tasks)
        .where(eq(tasks.id, res.json().insertedId));
      expect(row).toEqual({ title: 'Fix the ••• sink', description: '••• leak, darned socks' });
    });

    it('flag: saved, and a light system report of its category goes to the queue', async () => {
      const res = await call(
        'POST',
        '/api/tasks',
        writer,
        buildTask({ description: 'A Sketchy  Deal for you' }),
      );
      expect(res.statusCode).toBe(201);
      const filed = await systemReports('task', res.json().insertedId);
      expect(filed).toEqual([
        {
          category: 'spam',
          comment: 'Watched word “sketchy deal” (flag)',
          weight: 0.5,
          reporterId: null,
          score: 0.5,
          status: 'open',
        },
      ]);
    });

    it('an edit that keeps a flagged word reports it once; a new word adds a report', async () => {
      const id = (
        await call('POST', '/api/tasks', writer, buildTask({ title: 'A sketchy deal' }))
      ).json().insertedId;
      for (const title of ['Still a sketchy deal', 'A sketchy deal again']) {
        const edit = await call('PUT', `/api/tasks/${id}`, writer, buildTask({ title }));
        expect(edit.statusCode).toBe(200);
      }
      expect(await systemReports('task', id)).toHaveLength(1);
      await call('PUT', `/api/tasks/${id}`, writer, buildTask({ title: 'Wire me, sketchy deal' }));
      const filed = await systemReports('task', id);
      expect(filed.map((r) => r.comment).sort()).toEqual([
        'Watched word “sketchy deal” (flag)',
        'Watched word “wire me” (hold)',
      ]);
      expect(filed[0]?.score).toBe(0.5 + DEFAULTS.hideScore);
    });

    it('hold: saved, with a system report weighing the hide threshold', async () => {
      const res = await call('POST', '/api/tasks', writer, buildTask({ title: 'Wire me first' }));
      expect(res.statusCode).toBe(201);
      const [filed] = await systemReports('task', res.json().insertedId);
      expect(filed).toMatchObject({ category: 'scam', weight: DEFAULTS.hideScore, score: 3 });
    });

    it('applies to messages, questions, answers and bid messages', async () => {
      const taskId = await insertTask(t.app.database.db, member.id);
      const blocked = [
        await call('POST', '/api/bids', writer, buildBid(taskId, { message: 'counterfeit' })),
        await call('POST', `/api/tasks/${taskId}/questions`, writer, { text: 'counterfeit?' }),
      ];
      expect(blocked.map((r) => [r.statusCode, r.json().issues[0].path])).toEqual([
        [400, 'body.message'],
        [400, 'body.text'],
      ]);
      const question = await call('POST', `/api/tasks/${taskId}/questions`, writer, {
        text: 'Is this a sketchy deal?',
      });
      expect(question.statusCode).toBe(201);
      expect(await systemReports('question', question.json()._id)).toHaveLength(1);
      const answered = await call('POST', `/api/questions/${question.json()._id}/answer`, member, {
        answer: 'No, darn it',
      });
      expect(answered.json().answer).toBe('No, ••• it');
      const bid = await call('POST', '/api/bids', writer, buildBid(taskId, { message: 'wire me' }));
      expect(bid.statusCode).toBe(201);
      expect(await systemReports('bid', bid.json().insertedId)).toMatchObject([
        { weight: DEFAULTS.hideScore },
      ]);
      const thread = (await call('POST', '/api/threads', writer, { taskId })).json<{
        id: string;
      }>();
      const message = await call('POST', `/api/threads/${thread.id}/messages`, writer, {
        body: 'counterfeit',
      });
      expect(message.json().issues).toEqual([
        { path: 'body.body', message: "This contains a word we don't allow: “counterfeit”." },
      ]);
    });
  });

  describe('watched words in reviews', () => {
    it('a review’s comment is refused, masked or flagged, on writing and editing', async () => {
      const worker = await signUpVerified(t.app);
      const client = await signUpVerified(t.app);
      await words([
        { word: 'counterfeit', action: 'block' },
        { word: 'darn', action: 'mask' },
        { word: 'sketchy', action: 'flag' },
      ]);
      const taskId = await insertTask(t.app.database.db, client.id, {
        status: 'Completed',
        assigneeId: worker.id,
        assignedTo: worker.name,
        completedAt: new Date(),
      });
      const path = `/api/tasks/${taskId}/reviews`;
      const refused = await call('POST', path, client, {
        rating: 2,
        comment: 'Sold me counterfeit parts',
      });
      expect(refused.json().issues).toEqual([
        { path: 'body.comment', message: "This contains a word we don't allow: “counterfeit”." },
      ]);
      const written = await call('POST', path, client, {
        rating: 2,
        comment: 'A darn slow job',
      });
      expect(written.statusCode).toBe(201);
      const id = written.json()._id as string;
      expect(written.json().comment).toBe('A ••• slow job');
      const [row] = await t.app.database.db
        .select({ comment: reviews.comment })
        .from(reviews)
        .where(eq(reviews.id, id));
      expect(row?.comment).toBe('A ••• slow job');
      const edited = await call('PUT', `/api/reviews/${id}`, client, {
        rating: 2,
        comment: 'Slow and a bit sketchy',
      });
      expect(edited.statusCode).toBe(200);
      expect(await systemReports('review', id)).toMatchObject([{ category: 'other', weight: 0.5 }]);
      await words([]);
    });
  });

  describe('contact and payment details', () => {
    let bidder: TestUser;
    beforeAll(async () => {
      bidder = await signUp(t.app);
      await ageAccount(bidder, 48);
      await words([]);
    });

    async function threadOn(taskId: string) {
      await insertBid(t.app.database.db, taskId, bidder.id);
      return (await call('POST', '/api/threads', bidder, { taskId })).json<{ id: string }>().id;
    }

    it('a message before assignment is saved, answered with a warning, and reported as a possible scam', async () => {
      const threadId = await threadOn(await insertTask(t.app.database.db, member.id));
      const res = await call('POST', `/api/threads/${threadId}/messages`, bidder, {
        body: 'Mail me at jo@example.com and pay via paypal.me/jo',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().warning).toBe(CONTACT_WARNING);
      expect(res.json().body).toBe('Mail me at jo@example.com and pay via paypal.me/jo');
      const queue = await call('GET', '/api/admin/queue', admin);
      const item = queue.json<QueueItem[]>().find((i) => i.targetId === res.json().id);
      expect(item).toMatchObject({
        targetType: 'message',
        authorId: bidder.id,
        categories: ['scam'],
        comments: ['Contact or payment details before the task was assigned (email, payment)'],
        snapshot: { body: 'Mail me at jo@example.com and pay via paypal.me/jo' },
      });
    });

    it('says nothing of prices and dates, nor once the task is assigned', async () => {
      const threadId = await threadOn(await insertTask(t.app.database.db, member.id));
      const plain = await call('POST', `/api/threads/${threadId}/messages`, bidder, {
        body: 'I can do it for $250 by 2026-12-01.',
      });
      expect(plain.json().warning).toBeUndefined();
      const assigned = await insertTask(t.app.database.db, member.id, {
        assigneeId: bidder.id,
        assignedTo: bidder.name,
        status: 'In Progress',
      });
      const after = await threadOn(assigned);
      const res = await call('POST', `/api/threads/${after}/messages`, bidder, {
        body: 'Call me on 555-123-4567',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().warning).toBeUndefined();
      expect(await systemReports('message', res.json().id)).toEqual([]);
    });

    it('warns on a question and a bid’s message as well', async () => {
      const taskId = await insertTask(t.app.database.db, member.id);
      const question = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {
        text: 'Can I call you on +44 20 7946 0958?',
      });
      expect(question.json().warning).toBe(CONTACT_WARNING);
      expect(await systemReports('question', question.json()._id)).toMatchObject([
        { category: 'scam', weight: 0.5 },
      ]);
      const bid = await call(
        'POST',
        '/api/bids',
        bidder,
        buildBid(taskId, { message: 'Cheaper if you venmo @bidder-jo' }),
      );
      expect(bid.statusCode).toBe(201);
      expect(bid.json().warning).toBe(CONTACT_WARNING);
      expect(await systemReports('bid', bid.json().insertedId)).toHaveLength(1);
    });
  });
});
