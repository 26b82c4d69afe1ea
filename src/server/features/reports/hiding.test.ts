import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useThreadScene } from '../../../../tests/factories/threads.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import type { QueueItem } from '../../../shared/operators/schema.ts';
import { OUTRANKED_MESSAGE, RULES } from '../../../shared/operators/rules.ts';
import { DEFAULT_HIDE_SCORE } from '../../../shared/operators/schema.ts';
import {
  auditLog,
  mailOutbox,
  questions,
  reviews,
  statements,
  tasks,
  user,
} from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { hideOpenTasksOf, showOpenTasksOf } from '../statements/index.ts';

const HELD = 'Hidden while our moderators review it';

describe('content past the hiding score, decisions on it, and the task console', () => {
  const { t, call, owner, bidder, stranger } = useThreadScene();
  let moderator: TestUser;
  let otherModerator: TestUser;
  let support: TestUser;
  let admin: TestUser;
  /** Three fresh members: each report weighs 1, together the hiding score. */
  const members: TestUser[] = [];

  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    [moderator, otherModerator, support, admin] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(otherModerator.email, 'moderator');
    await operators.setRoleFromConsole(support.email, 'support');
    await operators.setRoleFromConsole(admin.email, 'admin');
    for (let i = 0; i < DEFAULT_HIDE_SCORE; i++) members.push(await signUp(t.app));
    // Older accounts: room for this file's reports in the hourly allowance.
    await db()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(
        inArray(
          user.id,
          members.map((m) => m.id),
        ),
      );
  });

  const db = () => t.app.database.db;
  const report = (who: TestUser, targetType: string, targetId: string) =>
    call('POST', '/api/reports', who, { targetType, targetId, category: 'spam' });
  const mailsTo = async (to: TestUser) =>
    db()
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, to.email), eq(mailOutbox.kind, 'content-moderated')));
  const itemFor = async (targetId: string) =>
    (await call('GET', '/api/admin/queue?limit=100', moderator))
      .json<QueueItem[]>()
      .find((i) => i.targetId === targetId);

  /**
   * Each kind of thing: made by `author`, reported up to the score by `reporters`, read by
   * someone else (`seen`: whether it shows) and by its author (`notice`: how it is marked).
   */
  interface Kind {
    kind: string;
    make: () => Promise<{
      id: string;
      author: TestUser;
      reporters: TestUser[];
      seen: () => Promise<boolean>;
      notice: () => Promise<string | undefined>;
    }>;
  }

  const KINDS: Kind[] = [
    {
      kind: 'task',
      async make() {
        const title = `Unusual gizmo ${crypto.randomUUID().slice(0, 8)}`;
        const id = await insertTask(db(), owner.id, { title });
        const search = `/api/tasks?search=${encodeURIComponent(title)}`;
        return {
          id,
          author: owner,
          reporters: members,
          seen: async () => {
            const browse = (await call('GET', search, stranger)).json<{ _id: string }[]>();
            const page = await call('GET', `/api/tasks/${id}`, stranger);
            expect(browse.some((x) => x._id === id)).toBe(page.statusCode === 200);
            return page.statusCode === 200;
          },
          notice: async () => {
            const own = (await call('GET', `/api/tasks?email=${owner.email}&limit=100`, owner))
              .json<{ _id: string; moderationNotice?: string }[]>()
              .find((x) => x._id === id);
            const page = (await call('GET', `/api/tasks/${id}`, owner)).json();
            expect(page.moderationNotice).toBe(own?.moderationNotice);
            return page.moderationNotice;
          },
        };
      },
    },
    {
      kind: 'question',
      async make() {
        const taskId = await insertTask(db(), owner.id);
        const asked = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {
          text: 'Is it fine to send you a link to my own site?',
        });
        const id = asked.json<{ _id: string }>()._id;
        const list = (who: TestUser) =>
          call('GET', `/api/tasks/${taskId}/questions`, who).then((r) =>
            r.json<{ items: { _id: string; moderationNotice?: string }[] }>(),
          );
        return {
          id,
          author: bidder,
          reporters: members,
          seen: async () => (await list(owner)).items.some((q) => q._id === id),
          notice: async () =>
            (await list(bidder)).items.find((q) => q._id === id)?.moderationNotice,
        };
      },
    },
    {
      kind: 'answer',
      async make() {
        const taskId = await insertTask(db(), owner.id);
        const asked = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {
          text: 'How big is the garden?',
        });
        const id = asked.json<{ _id: string }>()._id;
        await call('POST', `/api/questions/${id}/answer`, owner, { answer: 'Write me outside.' });
        const find = (who: TestUser) =>
          call('GET', `/api/tasks/${taskId}/questions`, who).then((r) =>
            r
              .json<{
                items: { _id: string; answer: string | null; answerModerationNotice?: string }[];
              }>()
              .items.find((q) => q._id === id)!,
          );
        return {
          id,
          author: owner,
          reporters: members,
          seen: async () => (await find(stranger)).answer !== null,
          notice: async () => (await find(owner)).answerModerationNotice,
        };
      },
    },
    {
      // Only the task's owner reads (and reports) a bid: an operator's report reaches the score.
      kind: 'bid',
      async make() {
        const taskId = await insertTask(db(), moderator.id);
        const id = await insertBid(db(), taskId, bidder.id, { message: 'Pay me by wire first.' });
        const list = (who: TestUser) =>
          call('GET', `/api/bids?taskId=${taskId}`, who).then((r) =>
            r.json<{ _id: string; moderationNotice?: string }[]>(),
          );
        return {
          id,
          author: bidder,
          reporters: [moderator],
          seen: async () => (await list(moderator)).some((b) => b._id === id),
          notice: async () => (await list(bidder)).find((b) => b._id === id)?.moderationNotice,
        };
      },
    },
    {
      // The other side of a conversation reports its messages: an operator's report here too.
      kind: 'message',
      async make() {
        const taskId = await insertTask(db(), moderator.id);
        await insertBid(db(), taskId, bidder.id);
        const thread = (
          await call('POST', '/api/threads', moderator, { taskId, bidderId: bidder.id })
        ).json<{ id: string }>();
        const sent = await call('POST', `/api/threads/${thread.id}/messages`, bidder, {
          body: 'Send the money to my own account instead.',
        });
        const id = sent.json<{ id: string }>().id;
        const list = (who: TestUser) =>
          call('GET', `/api/threads/${thread.id}/messages`, who).then((r) =>
            r.json<{ items: { id: string; moderationNotice?: string }[] }>(),
          );
        return {
          id,
          author: bidder,
          reporters: [moderator],
          seen: async () => (await list(moderator)).items.some((m) => m.id === id),
          notice: async () => (await list(bidder)).items.find((m) => m.id === id)?.moderationNotice,
        };
      },
    },
    {
      kind: 'review',
      async make() {
        const taskId = await insertTask(db(), owner.id, {
          status: 'Completed',
          assigneeId: bidder.id,
          assignedTo: bidder.name,
          completedAt: new Date(),
        });
        const [row] = await db()
          .insert(reviews)
          .values({
            taskId,
            reviewerId: bidder.id,
            revieweeId: owner.id,
            role: 'client',
            rating: 1,
            comment: 'Awful, go to my own site instead.',
            publishedAt: new Date(),
          })
          .returning({ id: reviews.id });
        const id = row!.id;
        return {
          id,
          author: bidder,
          reporters: members,
          seen: async () =>
            (await call('GET', `/api/users/${owner.id}/reviews`, stranger))
              .json<{ _id: string }[]>()
              .some((r) => r._id === id),
          notice: async () =>
            (await call('GET', `/api/tasks/${taskId}/reviews`, bidder))
              .json<{ reviews: { _id: string; moderationNotice?: string }[] }>()
              .reviews.find((r) => r._id === id)?.moderationNotice,
        };
      },
    },
    {
      kind: 'profile',
      async make() {
        const person = await signUp(t.app);
        const headline = 'Cheapest work, pay me outside';
        await call('PUT', '/api/profile', person, { headline });
        return {
          id: person.id,
          author: person,
          reporters: members,
          seen: async () =>
            (await call('GET', `/api/users/${person.id}`, stranger)).json().headline === headline,
          notice: async () => (await call('GET', '/api/profile', person)).json().moderationNotice,
        };
      },
    },
  ];

  it.each(KINDS)(
    'a $kind reported up to the score leaves public reads; its author sees it marked and is told',
    async ({ kind: type, make }) => {
      const thing = await make();
      expect(await thing.seen()).toBe(true);
      expect(await thing.notice()).toBeUndefined();
      const before = (await mailsTo(thing.author)).length;
      for (const [i, reporter] of thing.reporters.entries()) {
        expect((await report(reporter, type, thing.id)).statusCode).toBe(201);
        // Below the score it still shows.
        if (i < thing.reporters.length - 1) expect(await thing.seen()).toBe(true);
      }
      expect(await thing.seen()).toBe(false);
      expect(await thing.notice()).toBe(HELD);
      expect((await mailsTo(thing.author)).length).toBe(before + 1);
    },
  );

  it('a held task leaves the anonymous browse answer kept by the list cache too', async () => {
    const title = `Kept list ${crypto.randomUUID().slice(0, 8)}`;
    const id = await insertTask(db(), owner.id, { title });
    const anonymous = async () =>
      (await call('GET', `/api/tasks?search=${encodeURIComponent(title)}`))
        .json<{ _id: string }[]>()
        .some((x) => x._id === id);
    expect(await anonymous()).toBe(true);
    for (const reporter of members) await report(reporter, 'task', id);
    await expect.poll(anonymous).toBe(false);
  });

  it('dismissing shows a held task again; upholding removes one, naming the rule', async () => {
    const [kept, removed] = [await KINDS[0]!.make(), await KINDS[0]!.make()];
    for (const thing of [kept, removed]) {
      for (const reporter of members) await report(reporter, 'task', thing.id);
      expect(await thing.seen()).toBe(false);
    }
    // The queue says so.
    expect((await itemFor(kept.id))?.moderation).toBe('held');
    const decide = async (id: string, body: object) =>
      call('POST', `/api/admin/queue/${(await itemFor(id))!.id}/decide`, moderator, body);
    expect((await decide(kept.id, { outcome: 'dismissed', reason: 'Fine' })).statusCode).toBe(200);
    expect(await kept.seen()).toBe(true);
    expect(await kept.notice()).toBeUndefined();

    const caseId = (await itemFor(removed.id))!.id;
    expect(
      (await decide(removed.id, { outcome: 'upheld', reason: 'Spam', rule: 'scam' })).statusCode,
    ).toBe(200);
    expect(await removed.seen()).toBe(false);
    expect(await removed.notice()).toBe(`Removed by our moderators: ${RULES.scam}`);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, caseId));
    expect(row).toMatchObject({
      action: 'report.upheld',
      before: { moderation: 'held' },
      after: { moderation: 'removed', rule: 'scam' },
    });
    // Held and shown again by mail (the owner's earlier tasks too); the removal is a statement of reasons (with its own
    // mail and appeal).
    const told = (await mailsTo(owner)).map((m) => (m.payload as { state: string }).state);
    expect(told).toContain('restored');
    expect(told).not.toContain('removed');
    expect(await db().select().from(statements).where(eq(statements.caseId, caseId))).toEqual([
      expect.objectContaining({
        userId: owner.id,
        action: 'content',
        rule: 'scam',
        reason: 'Spam',
      }),
    ]);
  });

  it('upholding a thing below the score removes it too (rule: what most reports named)', async () => {
    const taskId = await insertTask(db(), owner.id);
    await report(members[0]!, 'task', taskId);
    const item = (await itemFor(taskId))!;
    await call('POST', `/api/admin/queue/${item.id}/decide`, moderator, {
      outcome: 'upheld',
      reason: 'Spam',
    });
    const [row] = await db()
      .select({ moderation: tasks.moderation, rule: tasks.moderationRule })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    expect(row).toEqual({ moderation: 'removed', rule: 'spam' });
  });

  it("a limited person's open tasks leave browse and come back; held ones stay held", async () => {
    const person = await signUp(t.app);
    const open = await insertTask(db(), person.id);
    const assigned = await insertTask(db(), person.id, { assignedTo: 'Someone' });
    const held = await insertTask(db(), person.id, { moderation: 'held' });
    const state = async () =>
      Object.fromEntries(
        (
          await db()
            .select({ id: tasks.id, moderation: tasks.moderation })
            .from(tasks)
            .where(eq(tasks.ownerId, person.id))
        ).map((r) => [r.id, r.moderation]),
      );
    expect(await db().transaction((tx) => hideOpenTasksOf(tx, person.id))).toBe(1);
    expect(await state()).toEqual({ [open]: 'limited', [assigned]: null, [held]: 'held' });
    // Out of browse, but its page still opens.
    const browse = (await call('GET', '/api/tasks?limit=100', stranger)).json<{ _id: string }[]>();
    expect(browse.some((x) => x._id === open)).toBe(false);
    expect((await call('GET', `/api/tasks/${open}`, stranger)).statusCode).toBe(200);
    expect(await db().transaction((tx) => showOpenTasksOf(tx, person.id))).toBe(1);
    expect(await state()).toEqual({ [open]: null, [assigned]: null, [held]: 'held' });
  });

  describe('the task console', () => {
    const hide = (who: TestUser | undefined, id: string) =>
      call('POST', `/api/admin/tasks/${id}/hide`, who, { rule: 'scam', reason: 'Fraud' });
    const restore = (who: TestUser | undefined, id: string) =>
      call('POST', `/api/admin/tasks/${id}/restore`, who, { reason: 'Appeal granted' });

    it('who may read and act: anonymous 401, member 404, support reads only', async () => {
      const id = await insertTask(db(), owner.id);
      const read = (who?: TestUser) => call('GET', `/api/admin/tasks/${id}`, who);
      expect((await read()).statusCode).toBe(401);
      expect((await read(stranger)).statusCode).toBe(404);
      expect((await read(support)).statusCode).toBe(200);
      for (const act of [hide, restore]) {
        expect((await act(undefined, id)).statusCode).toBe(401);
        expect((await act(stranger, id)).statusCode).toBe(404);
        expect((await act(support, id)).statusCode).toBe(403);
      }
    });

    it('a moderator hides a task (audited, owner told) and restores it; never an admin’s', async () => {
      const id = await insertTask(db(), owner.id);
      await report(members[0]!, 'task', id);
      const read = await call('GET', `/api/admin/tasks/${id}`, moderator);
      expect(read.json()).toMatchObject({
        id,
        moderation: null,
        owner: { id: owner.id, name: owner.name },
        reports: [{ category: 'spam', caseStatus: 'open' }],
      });
      expect(read.json().openCaseId).toEqual(expect.any(String));
      const before = (await mailsTo(owner)).length;
      expect((await hide(moderator, id)).json()).toEqual({ moderation: 'removed' });
      expect((await hide(otherModerator, id)).statusCode).toBe(409);
      expect((await call('GET', `/api/tasks/${id}`, stranger)).statusCode).toBe(404);
      expect((await call('GET', `/api/tasks/${id}`, owner)).json().moderationNotice).toBe(
        `Removed by our moderators: ${RULES.scam}`,
      );
      expect((await mailsTo(owner)).length).toBe(before + 1);
      const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(rows).toMatchObject([
        {
          action: 'task.hidden',
          actorId: moderator.id,
          before: { moderation: null },
          after: { moderation: 'removed', rule: 'scam' },
          reason: 'Fraud',
        },
      ]);
      // Nobody bids on it meanwhile.
      const bid = await call('POST', '/api/bids', stranger, {
        taskId: id,
        amount: 50,
        deadline: '2030-07-01',
        message: 'Still here?',
      });
      expect(bid.statusCode).toBe(404);
      expect((await restore(admin, id)).json()).toEqual({ moderation: null });
      expect((await call('GET', `/api/tasks/${id}`, stranger)).statusCode).toBe(200);
      expect((await restore(admin, id)).statusCode).toBe(409);

      const adminsTask = await insertTask(db(), admin.id);
      const refused = await hide(moderator, adminsTask);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(OUTRANKED_MESSAGE);
      expect((await hide(moderator, crypto.randomUUID())).statusCode).toBe(404);
      expect((await hide(admin, adminsTask)).statusCode).toBe(403);
    });
  });

  it('a question the owner hid and one moderation held are different things', async () => {
    const taskId = await insertTask(db(), owner.id);
    const asked = await call('POST', `/api/tasks/${taskId}/questions`, bidder, { text: 'Hm?' });
    const id = asked.json<{ _id: string }>()._id;
    await db().update(questions).set({ moderation: 'held' }).where(eq(questions.id, id));
    const mine = (await call('GET', `/api/tasks/${taskId}/questions`, bidder)).json<{
      items: { hidden: boolean; moderationNotice?: string }[];
    }>().items[0];
    expect(mine).toMatchObject({ hidden: false, moderationNotice: HELD });
  });
});
