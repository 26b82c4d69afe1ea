import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN, useThreadScene } from '../../../../tests/factories/threads.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import type { QueueItem } from '../../../shared/operators/schema.ts';
import {
  NEW_ACCOUNT_REPORTS_PER_HOUR,
  OPERATOR_REPORT_WEIGHT,
  OUTRANKED_MESSAGE,
  reportWeight,
} from '../../../shared/operators/rules.ts';
import {
  auditLog,
  mailOutbox,
  moderationCases,
  reports,
  tasks,
  user,
} from '../../platform/db/schema.ts';
import { createOperatorRepository } from '../operators/index.ts';
import { REPORT_MESSAGES } from './repository.ts';

describe('reports and the review queue', () => {
  const { t, call, owner, bidder, stranger, freshThread, send } = useThreadScene();
  let moderator: TestUser;
  let secondModerator: TestUser;

  beforeAll(async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    moderator = await signUp(t.app);
    secondModerator = await signUp(t.app);
    await operators.setRoleFromConsole(moderator.email, 'moderator');
    await operators.setRoleFromConsole(secondModerator.email, 'moderator');
  });

  const report = (who: TestUser, body: object) => call('POST', '/api/reports', who, body);
  const queue = async (who: TestUser = moderator) =>
    (await call('GET', '/api/admin/queue?limit=100', who)).json<QueueItem[]>();
  const itemFor = async (targetId: string) =>
    (await queue()).find((item) => item.targetId === targetId);

  it('a reported message lands in the queue with what it said, its author and the reason', async () => {
    const { thread } = await freshThread();
    const sent = await send(
      thread.id,
      bidder,
      'Pay me on PayPal instead, it is cheaper for both of us.',
    );
    const messageId = sent.json<{ id: string }>().id;
    const res = await report(owner, {
      targetType: 'message',
      targetId: messageId,
      category: 'scam',
      comment: 'Wants to be paid outside TaskBid',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REPORT_MESSAGES.received);
    expect(await itemFor(messageId)).toMatchObject({
      targetType: 'message',
      authorId: bidder.id,
      authorName: bidder.name,
      reportCount: 1,
      score: 1,
      categories: ['scam'],
      comments: ['Wants to be paid outside TaskBid'],
      snapshot: { body: 'Pay me on PayPal instead, it is cheaper for both of us.' },
    });
    // Someone outside the conversation cannot report (or learn of) its messages.
    const outsider = await report(stranger, {
      targetType: 'message',
      targetId: messageId,
      category: 'spam',
    });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(REPORT_MESSAGES.nothing);
  });

  it('keeps what a task said when reported, whatever its owner changes later', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id, {
      title: 'Send me your bank login',
    });
    expect(
      (await report(stranger, { targetType: 'task', targetId: taskId, category: 'scam' }))
        .statusCode,
    ).toBe(201);
    await t.app.database.db
      .update(tasks)
      .set({ title: 'Harmless title' })
      .where(eq(tasks.id, taskId));
    expect((await itemFor(taskId))?.snapshot).toMatchObject({ title: 'Send me your bank login' });
  });

  it('one report per person and thing, never of your own, and nothing for what does not exist', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const body = { targetType: 'task', targetId: taskId, category: 'spam' };
    expect((await report(bidder, body)).statusCode).toBe(201);
    const again = await report(bidder, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPORT_MESSAGES.already);
    const own = await report(owner, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(REPORT_MESSAGES.own);
    expect((await report(bidder, { ...body, targetId: UNKNOWN })).statusCode).toBe(404);
    expect((await report(bidder, { ...body, targetId: 'not-an-id' })).statusCode).toBe(404);
    expect(await itemFor(taskId)).toMatchObject({ reportCount: 1, score: 1 });
  });

  it('only the task owner can report a bid; anyone can report a profile', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const bidId = await insertBid(t.app.database.db, taskId, bidder.id);
    expect(
      (await report(stranger, { targetType: 'bid', targetId: bidId, category: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(owner, { targetType: 'bid', targetId: bidId, category: 'spam' })).statusCode,
    ).toBe(201);
    expect(
      (
        await report(stranger, {
          targetType: 'profile',
          targetId: bidder.id,
          category: 'inappropriate',
        })
      ).statusCode,
    ).toBe(201);
  });

  it.each([
    [{ targetType: 'task', category: 'spam' }, 'body.targetId'],
    [{ targetType: 'comment', targetId: UNKNOWN, category: 'spam' }, 'body.targetType'],
    [{ targetType: 'task', targetId: UNKNOWN, category: 'rude' }, 'body.category'],
    [
      { targetType: 'task', targetId: UNKNOWN, category: 'spam', comment: 'x'.repeat(1001) },
      'body.comment',
    ],
  ])('refuses %j with a 400 naming %s', async (body, path) => {
    const res = await report(stranger, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it(`a new account may file ${NEW_ACCOUNT_REPORTS_PER_HOUR} reports an hour`, async () => {
    const newcomer = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i <= NEW_ACCOUNT_REPORTS_PER_HOUR; i++) {
      const taskId = await insertTask(t.app.database.db, owner.id);
      statuses.push(
        (await report(newcomer, { targetType: 'task', targetId: taskId, category: 'spam' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(NEW_ACCOUNT_REPORTS_PER_HOUR).fill(201), 429]);
    // An older account has more room.
    await t.app.database.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(user.id, newcomer.id));
    const taskId = await insertTask(t.app.database.db, owner.id);
    expect(
      (await report(newcomer, { targetType: 'task', targetId: taskId, category: 'spam' }))
        .statusCode,
    ).toBe(201);
  });

  it('50 reports of one thing at once make one queue item with the sum of their weights', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    const people: TestUser[] = [];
    for (let i = 0; i < 50; i++) people.push(await signUp(t.app));
    const results = await Promise.all(
      people.map((p) => report(p, { targetType: 'task', targetId: taskId, category: 'spam' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const items = await t.app.database.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.targetId, taskId));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ reportCount: 50, score: 50, status: 'open' });
    // Held once, past the hiding score: one mail tells its owner.
    const [task] = await t.app.database.db
      .select({ moderation: tasks.moderation })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    expect(task?.moderation).toBe('held');
    const told = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'content-moderated'), eq(mailOutbox.recipient, owner.email)));
    expect(told).toHaveLength(1);
  }, 120_000);

  it('a reporter whose reports were upheld weighs more; an operator weighs the most', async () => {
    const reporter = await signUp(t.app);
    const first = await insertTask(t.app.database.db, owner.id);
    await report(reporter, { targetType: 'task', targetId: first, category: 'spam' });
    const item = await itemFor(first);
    await call('POST', `/api/admin/queue/${item!.id}/decide`, moderator, {
      outcome: 'upheld',
      reason: 'Spam',
    });
    const second = await insertTask(t.app.database.db, owner.id);
    await report(reporter, { targetType: 'task', targetId: second, category: 'spam' });
    await report(moderator, { targetType: 'task', targetId: second, category: 'spam' });
    const weights = await t.app.database.db
      .select({ weight: reports.weight })
      .from(reports)
      .where(eq(reports.targetId, second))
      .orderBy(reports.createdAt);
    expect(weights.map((w) => w.weight)).toEqual([
      reportWeight({ upheld: 1, decided: 1 }),
      OPERATOR_REPORT_WEIGHT,
    ]);
    expect(reportWeight({ upheld: 1, decided: 1 })).toBeGreaterThan(1);
  });

  it('the queue puts the highest score first, then the oldest', async () => {
    const light = await insertTask(t.app.database.db, owner.id);
    const heavy = await insertTask(t.app.database.db, owner.id);
    await report(bidder, { targetType: 'task', targetId: light, category: 'spam' });
    await report(bidder, { targetType: 'task', targetId: heavy, category: 'spam' });
    await report(stranger, { targetType: 'task', targetId: heavy, category: 'spam' });
    const order = (await queue()).map((i) => i.targetId);
    expect(order.indexOf(heavy)).toBeLessThan(order.indexOf(light));
  });

  it('two moderators deciding at once make one decision and one audit row; reporters are told', async () => {
    const taskId = await insertTask(t.app.database.db, owner.id);
    await report(stranger, { targetType: 'task', targetId: taskId, category: 'illegal' });
    const item = await itemFor(taskId);
    const results = await Promise.all(
      [moderator, secondModerator].map((m) =>
        call('POST', `/api/admin/queue/${item!.id}/decide`, m, {
          outcome: 'dismissed',
          reason: 'Allowed',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, item!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'report.dismissed', reason: 'Allowed' });
    expect(await itemFor(taskId)).toBeUndefined();
    // A new report of the same thing opens a new item.
    await report(bidder, { targetType: 'task', targetId: taskId, category: 'spam' });
    expect(await itemFor(taskId)).toMatchObject({ reportCount: 1 });
  });

  it('a moderator takes an item, decides nothing about themselves or their peers, and support only reads', async () => {
    const operators = createOperatorRepository(t.app.database.db, t.app.sessions);
    const support = await signUp(t.app);
    const admin = await signUp(t.app);
    await operators.setRoleFromConsole(support.email, 'support');
    await operators.setRoleFromConsole(admin.email, 'admin');
    const taskId = await insertTask(t.app.database.db, moderator.id);
    await report(stranger, { targetType: 'task', targetId: taskId, category: 'spam' });
    const item = await itemFor(taskId);
    const decide = (who: TestUser) =>
      call('POST', `/api/admin/queue/${item!.id}/decide`, who, { outcome: 'upheld', reason: 'x' });
    expect((await decide(moderator)).json().message).toBe(
      'You cannot decide on reports about yourself.',
    );
    expect((await decide(secondModerator)).json().message).toBe(OUTRANKED_MESSAGE);
    expect((await call('POST', `/api/admin/queue/${item!.id}/assign`, support)).statusCode).toBe(
      403,
    );
    const taken = await call('POST', `/api/admin/queue/${item!.id}/assign`, admin);
    expect(taken.json()).toEqual({ assignedTo: admin.id });
    expect((await itemFor(taskId))?.assignedTo).toBe(admin.id);
    expect((await call('GET', '/api/admin/queue', support)).statusCode).toBe(200);
  });

  it('the dashboard counts open items, their age, actions and decisions', async () => {
    const figures = (await call('GET', '/api/admin/dashboard', moderator)).json();
    const open = await t.app.database.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.status, 'open'));
    expect(figures).toMatchObject({
      openItems: open.length,
      oldestOpenHours: 0,
      staleItems: 0,
    });
    expect(figures.actionsLast24Hours).toBeGreaterThan(0);
    expect(figures.upheldShare).toBeGreaterThan(0);
    expect(figures.upheldShare).toBeLessThan(1);
    expect(figures.medianHoursToDecision).toBe(0);
    expect(figures.newAccountsLast7Days).toBeGreaterThan(50);
  });
});
