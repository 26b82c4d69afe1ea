import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp } from '../../../../tests/factories/users.ts';
import { threadParticipants, messages as messageRows } from '../../platform/db/schema.ts';
import type { Message, Thread, ThreadSummary } from '../../../shared/threads/schema.ts';
import { DAY, UNKNOWN, useThreadScene } from '../../../../tests/factories/threads.ts';

/** Opening threads, the inbox, and paging threads and messages. */
describe('private messages', () => {
  const { t, call, owner, bidder, otherBidder, stranger, freshThread, send } = useThreadScene();
  let taskId: string;

  beforeAll(async () => {
    taskId = await insertTask(t.app.database.db, owner.id, {
      title: 'Paint the fence',
      budget: 250,
      status: 'In Progress',
    });
    await insertBid(t.app.database.db, taskId, bidder.id);
    await insertBid(t.app.database.db, taskId, otherBidder.id);
  });

  describe('POST /api/threads', () => {
    it('the owner opens a thread with a bidder (201), then finds the same one (200); the bidder finds it too', async () => {
      const created = await call('POST', '/api/threads', owner, { taskId, bidderId: bidder.id });
      expect(created.statusCode).toBe(201);
      const thread = created.json<Thread>();
      expect(thread).toEqual({
        id: expect.any(String),
        task: { id: taskId, title: 'Paint the fence', budget: 250, status: 'In Progress' },
        other: { id: bidder.id, name: bidder.name },
        lastMessage: null,
        lastActivityAt: expect.any(String),
        unreadCount: 0,
        writable: true,
        closedReason: null,
        contact: 'open',
        otherLastReadMessageId: null,
      });
      const again = await call('POST', '/api/threads', owner, { taskId, bidderId: bidder.id });
      expect(again.statusCode).toBe(200);
      expect(again.json<Thread>().id).toBe(thread.id);
      const mine = await call('POST', '/api/threads', bidder, { taskId });
      expect(mine.statusCode).toBe(200);
      expect(mine.json<Thread>()).toMatchObject({
        id: thread.id,
        other: { id: owner.id, name: owner.name },
      });
      const self = await call('POST', '/api/threads', bidder, { taskId, bidderId: bidder.id });
      expect(self.json<Thread>().id).toBe(thread.id);
    });

    it('a bidder opens their own thread with the poster; another bidder gets a separate one', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      await insertBid(t.app.database.db, id, bidder.id);
      await insertBid(t.app.database.db, id, otherBidder.id);
      const a = await call('POST', '/api/threads', bidder, { taskId: id });
      const b = await call('POST', '/api/threads', otherBidder, { taskId: id });
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json<Thread>().id).not.toBe(b.json<Thread>().id);
      expect(a.json<Thread>().other.id).toBe(owner.id);
    });

    it('two simultaneous opens make one thread with both sides, never a half-written one', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      await insertBid(t.app.database.db, id, bidder.id);
      const answers = await Promise.all([
        call('POST', '/api/threads', owner, { taskId: id, bidderId: bidder.id }),
        call('POST', '/api/threads', bidder, { taskId: id }),
        call('POST', '/api/threads', bidder, { taskId: id }),
      ]);
      const ids = new Set(answers.map((a) => a.json<Thread>().id));
      expect(ids.size).toBe(1);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      const sides = await t.app.database.db
        .select({ userId: threadParticipants.userId })
        .from(threadParticipants)
        .where(eq(threadParticipants.threadId, [...ids][0]!));
      expect(sides.map((s) => s.userId).sort()).toEqual([owner.id, bidder.id].sort());
    });

    it('refuses anonymous (401), strangers and other people’s threads (403), unknown tasks (404)', async () => {
      expect((await call('POST', '/api/threads', undefined, { taskId })).statusCode).toBe(401);
      const outsider = await call('POST', '/api/threads', stranger, { taskId });
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({
        message: 'Only the task’s owner and the people who bid on it can message about it.',
        code: 'FORBIDDEN',
      });
      const named = await call('POST', '/api/threads', stranger, { taskId, bidderId: bidder.id });
      expect(named.statusCode).toBe(403);
      const sideways = await call('POST', '/api/threads', otherBidder, {
        taskId,
        bidderId: bidder.id,
      });
      expect(sideways.statusCode).toBe(403);
      for (const id of [UNKNOWN, 'not-a-uuid']) {
        const res = await call('POST', '/api/threads', owner, { taskId: id, bidderId: bidder.id });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
      }
    });

    it('the owner must name someone who bid: none (400), a non-bidder or themselves (404)', async () => {
      const missing = await call('POST', '/api/threads', owner, { taskId });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ issues: [{ path: 'body.bidderId' }] });
      for (const bidderId of [stranger.id, owner.id, 'nobody']) {
        const res = await call('POST', '/api/threads', owner, { taskId, bidderId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          message: 'That person has not bid on this task.',
          code: 'NOT_FOUND',
        });
      }
      const bad = await call('POST', '/api/threads', owner, { taskId: 7 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([expect.objectContaining({ path: 'body.taskId' })]);
    });

    it('a thread stays open to a declined bidder; none is opened on a task completed over 30 days ago', async () => {
      const id = await insertTask(t.app.database.db, owner.id);
      await insertBid(t.app.database.db, id, bidder.id, { status: 'declined' });
      expect((await call('POST', '/api/threads', bidder, { taskId: id })).statusCode).toBe(201);
      const old = await insertTask(t.app.database.db, owner.id, {
        status: 'Completed',
        completedAt: new Date(Date.now() - 31 * DAY),
      });
      await insertBid(t.app.database.db, old, bidder.id);
      const late = await call('POST', '/api/threads', bidder, { taskId: old });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'THREAD_CLOSED' });
    });
  });

  describe('keyset paging', () => {
    it('messages: the newest page first, oldest to newest within it, no gaps or duplicates with equal times', async () => {
      const { thread } = await freshThread();
      for (let i = 1; i <= 7; i++) await send(thread.id, i % 2 ? bidder : owner, `m${i}`);
      // Every message at the same instant: the order is the thread's own numbering.
      await t.app.database.db
        .update(messageRows)
        .set({ createdAt: new Date('2030-01-01T00:00:00Z') })
        .where(eq(messageRows.threadId, thread.id));
      const pages: string[][] = [];
      let before: string | null = '';
      while (before !== null) {
        const res = await call(
          'GET',
          `/api/threads/${thread.id}/messages?limit=3${before ? `&cursor=${before}` : ''}`,
          owner,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json<{ items: Message[]; nextCursor: string | null }>();
        pages.push(page.items.map((m) => m.body));
        before = page.nextCursor;
      }
      expect(pages).toEqual([['m5', 'm6', 'm7'], ['m2', 'm3', 'm4'], ['m1']]);
      const all = await call('GET', `/api/threads/${thread.id}/messages`, bidder);
      expect(all.json().items.map((m: Message) => m.body)).toEqual(
        Array.from({ length: 7 }, (_, i) => `m${i + 1}`),
      );
      expect(all.json().nextCursor).toBeNull();
    });

    it('threads: newest activity first, every thread once across pages even with equal times', async () => {
      const poster = await signUp(t.app);
      const worker = await signUp(t.app);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        const id = await insertTask(t.app.database.db, poster.id, { title: `Job ${i}` });
        await insertBid(t.app.database.db, id, worker.id);
        ids.push((await call('POST', '/api/threads', worker, { taskId: id })).json<Thread>().id);
      }
      // Four threads share one instant; the others follow one by one.
      const at = (ms: number) => new Date(Date.UTC(2020, 0, 1) + ms);
      for (const [i, id] of ids.entries())
        await t.app.database.db
          .update(threadParticipants)
          .set({ lastActivityAt: i < 4 ? at(0) : at(i) })
          .where(eq(threadParticipants.threadId, id));
      const seen: string[] = [];
      const times: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await call(
          'GET',
          `/api/threads?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          worker,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json<{ items: ThreadSummary[]; nextCursor: string | null }>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((s) => s.id));
        times.push(...page.items.map((s) => s.lastActivityAt));
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set(ids));
      expect(seen.slice(0, 3)).toEqual([ids[6], ids[5], ids[4]]);
      expect([...times].sort().reverse()).toEqual(times);
      // A message moves its thread to the top.
      await send(ids[0]!, poster, 'news');
      const top = await call('GET', '/api/threads?limit=1', worker);
      expect(top.json().items[0]).toMatchObject({
        id: ids[0],
        unreadCount: 1,
        other: { id: poster.id },
        task: { title: 'Job 0' },
      });
    });

    it('refuses a cursor it did not make and a limit out of range (400)', async () => {
      const { thread } = await freshThread();
      const forged = Buffer.from('yesterday_x').toString('base64url');
      for (const url of [
        '/api/threads?cursor=nonsense',
        `/api/threads?cursor=${forged}`,
        '/api/threads?limit=0',
        '/api/threads?limit=101',
        '/api/threads?limit=ten',
        `/api/threads/${thread.id}/messages?cursor=nonsense`,
        `/api/threads/${thread.id}/messages?cursor=${Buffer.from('#0').toString('base64url')}`,
        `/api/threads/${thread.id}/messages?limit=1000`,
      ]) {
        const res = await call('GET', url, owner);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toEqual(expect.any(String));
      }
    });
  });

  it('an inbox holds only my threads, with the other person, the task and my unread count', async () => {
    const { thread } = await freshThread({ title: 'Wash the car' });
    await send(thread.id, bidder, 'First line\nsecond line');
    const inbox = await call('GET', '/api/threads?limit=100', owner);
    expect(inbox.statusCode).toBe(200);
    const summary = inbox.json().items.find((s: ThreadSummary) => s.id === thread.id);
    expect(summary).toEqual({
      id: thread.id,
      task: { id: expect.any(String), title: 'Wash the car' },
      other: { id: bidder.id, name: bidder.name },
      lastMessage: { senderId: bidder.id, firstLine: 'First line', createdAt: expect.any(String) },
      lastActivityAt: expect.any(String),
      unreadCount: 1,
      writable: true,
    });
    const counts = await t.app.database.db.execute(
      sql`select count(*)::int as n from thread_participants where thread_id = ${thread.id}`,
    );
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
