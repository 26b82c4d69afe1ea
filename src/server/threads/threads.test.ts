import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { insertBid, insertTask } from '../../../tests/factories/tasks.ts';
import { useUsers } from '../../../tests/factories/scenes.ts';
import { callerFor, signUp, type TestUser } from '../../../tests/factories/users.ts';
import { useTestApp } from '../../../tests/setup/test-app.ts';
import { bids, tasks, threadParticipants, messages as messageRows } from '../db/schema.ts';
import type { Message, Thread, ThreadSummary } from '../../shared/threads.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

describe('private messages', () => {
  const t = useTestApp();
  const call = callerFor(t);
  const [owner, bidder, otherBidder, stranger] = useUsers(t, 4);
  let taskId: string;

  beforeAll(async () => {
    taskId = await insertTask(t.app.database.db, owner.id, { title: 'Paint the fence' });
    await insertBid(t.app.database.db, taskId, bidder.id);
    await insertBid(t.app.database.db, taskId, otherBidder.id);
  });

  /** A fresh task with bids from `bidder` (and `otherBidder`), and the owner's thread with `bidder`. */
  async function freshThread(overrides: Parameters<typeof insertTask>[2] = {}) {
    const id = await insertTask(t.app.database.db, owner.id, overrides);
    await insertBid(t.app.database.db, id, bidder.id);
    await insertBid(t.app.database.db, id, otherBidder.id);
    const res = await call('POST', '/api/threads', owner, { taskId: id, bidderId: bidder.id });
    expect(res.statusCode).toBe(201);
    return { taskId: id, thread: res.json<Thread>() };
  }
  const send = (threadId: string, user: TestUser | undefined, body: unknown) =>
    call('POST', `/api/threads/${threadId}/messages`, user, { body });
  const unread = async (user: TestUser) =>
    (await call('GET', '/api/threads/unread', user)).json<{ count: number }>().count;
  const getThread = async (id: string, user: TestUser) =>
    (await call('GET', `/api/threads/${id}`, user)).json<Thread>();

  describe('POST /api/threads', () => {
    it('the owner opens a thread with a bidder (201), then finds the same one (200); the bidder finds it too', async () => {
      const created = await call('POST', '/api/threads', owner, { taskId, bidderId: bidder.id });
      expect(created.statusCode).toBe(201);
      const thread = created.json<Thread>();
      expect(thread).toEqual({
        id: expect.any(String),
        task: { id: taskId, title: 'Paint the fence' },
        other: { id: bidder.id, name: bidder.name },
        lastMessage: null,
        lastActivityAt: expect.any(String),
        unreadCount: 0,
        writable: true,
        closedReason: null,
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

  describe('who may read, write and mark read', () => {
    it('only the two participants; everyone else gets 401 or 404 on every thread route', async () => {
      const { thread } = await freshThread();
      const first = await send(thread.id, bidder, 'Hello');
      expect(first.statusCode).toBe(201);
      const messageId = first.json<Message>().id;
      const routes = [
        ['GET', `/api/threads/${thread.id}`, undefined],
        ['GET', `/api/threads/${thread.id}/messages`, undefined],
        ['POST', `/api/threads/${thread.id}/messages`, { body: 'Hi' }],
        ['POST', `/api/threads/${thread.id}/read`, { upTo: messageId }],
      ] as const;
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
        for (const outsider of [stranger, otherBidder]) {
          const res = await call(method, url, outsider, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({ message: 'Conversation not found', code: 'NOT_FOUND' });
        }
        for (const participant of [owner, bidder]) {
          const res = await call(method, url, participant, payload);
          expect([200, 201], `${method} ${url}`).toContain(res.statusCode);
        }
      }
      // The outsiders' attempts wrote nothing: the two participants' messages only.
      const list = await call('GET', `/api/threads/${thread.id}/messages`, owner);
      expect(list.json().items.map((m: Message) => m.senderId)).toEqual([
        bidder.id,
        owner.id,
        bidder.id,
      ]);
      for (const outsider of [stranger, otherBidder]) {
        const inbox = await call('GET', '/api/threads', outsider);
        expect(inbox.json().items.map((s: ThreadSummary) => s.id)).not.toContain(thread.id);
      }
    });

    it('unknown and malformed thread ids are 404 on every thread route', async () => {
      for (const id of [UNKNOWN, 'abc', '%20']) {
        for (const [method, url, payload] of [
          ['GET', `/api/threads/${id}`, undefined],
          ['GET', `/api/threads/${id}/messages`, undefined],
          ['POST', `/api/threads/${id}/messages`, { body: 'Hi' }],
          ['POST', `/api/threads/${id}/read`, { upTo: UNKNOWN }],
        ] as const) {
          const res = await call(method, url, owner, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toMatchObject({ message: 'Conversation not found' });
        }
      }
    });
  });

  describe('POST /api/threads/{id}/messages', () => {
    it('stores plain text, trimmed, as the session’s user, and the thread shows it', async () => {
      const { thread } = await freshThread();
      const res = await call('POST', `/api/threads/${thread.id}/messages`, bidder, {
        body: '  <b>Hi</b>, is the paint included?\nAnd brushes?  ',
        senderId: owner.id,
      });
      expect(res.statusCode).toBe(201);
      const message = res.json<Message>();
      expect(message).toEqual({
        id: expect.any(String),
        threadId: thread.id,
        senderId: bidder.id,
        body: '<b>Hi</b>, is the paint included?\nAnd brushes?',
        createdAt: expect.any(String),
      });
      const seen = await getThread(thread.id, owner);
      expect(seen.lastMessage).toEqual({
        senderId: bidder.id,
        firstLine: '<b>Hi</b>, is the paint included?',
        createdAt: message.createdAt,
      });
      expect(seen.lastActivityAt).toBe(message.createdAt);
      expect(seen.unreadCount).toBe(1);
      expect((await getThread(thread.id, bidder)).unreadCount).toBe(0);
    });

    it.each([
      ['empty', '', 400],
      ['only spaces and newlines', '  \n\t ', 400],
      ['4,001 characters', 'x'.repeat(4001), 400],
      ['a number', 42, 400],
      ['missing', undefined, 400],
      ['4,000 characters', 'x'.repeat(4000), 201],
      ['4,000 characters with spaces around', ` ${'y'.repeat(4000)}  `, 201],
    ])('a body %s answers %s', async (_name, body, status) => {
      const { thread } = await freshThread();
      const res = await send(thread.id, owner, body);
      expect(res.statusCode).toBe(status);
      const stored = await t.app.database.db
        .select({ id: messageRows.id })
        .from(messageRows)
        .where(eq(messageRows.threadId, thread.id));
      expect(stored).toHaveLength(status === 201 ? 1 : 0);
      if (status === 400)
        expect(res.json().issues).toEqual([expect.objectContaining({ path: 'body.body' })]);
    });
  });

  describe('unread counts and reading', () => {
    it('stay exact under concurrent sends from both sides', async () => {
      const { thread } = await freshThread();
      const before = { owner: await unread(owner), bidder: await unread(bidder) };
      const fromBidder = Array.from({ length: 15 }, (_, i) => send(thread.id, bidder, `b${i}`));
      const fromOwner = Array.from({ length: 10 }, (_, i) => send(thread.id, owner, `o${i}`));
      const answers = await Promise.all([...fromBidder, ...fromOwner]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(201));
      expect((await getThread(thread.id, owner)).unreadCount).toBe(15);
      expect((await getThread(thread.id, bidder)).unreadCount).toBe(10);
      expect(await unread(owner)).toBe(before.owner + 15);
      expect(await unread(bidder)).toBe(before.bidder + 10);
      // Every message once, in one order.
      const seqs = await t.app.database.db
        .select({ seq: messageRows.seq })
        .from(messageRows)
        .where(eq(messageRows.threadId, thread.id))
        .orderBy(messageRows.seq);
      expect(seqs.map((s) => s.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it('marking read while messages arrive never loses one', async () => {
      const { thread } = await freshThread();
      const first = (await send(thread.id, bidder, 'first')).json<Message>();
      const racing = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => send(thread.id, bidder, `m${i}`)),
        call('POST', `/api/threads/${thread.id}/read`, owner, { upTo: first.id }),
      ]);
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, ...Array(8).fill(201)]);
      expect((await getThread(thread.id, owner)).unreadCount).toBe(8);
    });

    it('marks read up to a message: counts drop, the other side sees “Seen” under my last read message', async () => {
      const { thread } = await freshThread();
      const start = await unread(owner);
      const mine: Message[] = [];
      for (const body of ['one', 'two', 'three'])
        mine.push((await send(thread.id, bidder, body)).json<Message>());
      const reply = (await send(thread.id, owner, 'reply')).json<Message>();
      expect(await unread(owner)).toBe(start + 3);
      expect((await getThread(thread.id, bidder)).otherLastReadMessageId).toBeNull();

      const read = await call('POST', `/api/threads/${thread.id}/read`, owner, {
        upTo: mine[1]!.id,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ acknowledged: true });
      expect(await unread(owner)).toBe(start + 1);
      expect((await getThread(thread.id, bidder)).otherLastReadMessageId).toBe(mine[1]!.id);
      // Reading an older one does not take it back.
      await call('POST', `/api/threads/${thread.id}/read`, owner, { upTo: mine[0]!.id });
      expect(await unread(owner)).toBe(start + 1);
      // Up to my own reply: everything before it is read too.
      await call('POST', `/api/threads/${thread.id}/read`, owner, { upTo: reply.id });
      expect(await unread(owner)).toBe(start);
      expect((await getThread(thread.id, owner)).unreadCount).toBe(0);
      expect((await getThread(thread.id, bidder)).otherLastReadMessageId).toBe(mine[2]!.id);
      // The bidder has read nothing: the owner's reply is not "Seen".
      expect((await getThread(thread.id, owner)).otherLastReadMessageId).toBeNull();
    });

    it('refuses a message of another thread, an unknown or malformed id (400)', async () => {
      const a = await freshThread();
      const b = await freshThread();
      const elsewhere = (await send(b.thread.id, bidder, 'elsewhere')).json<Message>();
      for (const upTo of [elsewhere.id, UNKNOWN, 'abc']) {
        const res = await call('POST', `/api/threads/${a.thread.id}/read`, owner, { upTo });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'That message is not in this conversation.',
          issues: [{ path: 'body.upTo' }],
        });
      }
      const missing = await call('POST', `/api/threads/${a.thread.id}/read`, owner, {});
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('notifications', () => {
    it('one notification (and one mail) per task until read, however many messages arrive', async () => {
      const { taskId: id, thread } = await freshThread({ title: 'Tile the bathroom' });
      const notices = async () =>
        (await call('GET', '/api/notifications?limit=100', owner))
          .json<
            {
              _id: string;
              type: string;
              taskId: string;
              title: string;
              body: string;
              read: boolean;
            }[]
          >()
          .filter((n) => n.type === 'message.received' && n.taskId === id);
      const mails = async () => {
        const res = await t.app.database.db.execute(
          sql`select count(*)::int as n from mail_outbox where user_id = ${owner.id} and payload->>'type' = 'message.received' and payload->>'taskId' = ${id}`,
        );
        return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      for (const body of ['Hi!\nA second line', 'Are you there?', 'Never mind.'])
        expect((await send(thread.id, bidder, body)).statusCode).toBe(201);
      const first = await notices();
      expect(first).toEqual([
        expect.objectContaining({
          title: 'New message about “Tile the bathroom”',
          body: `${bidder.name}: Hi!`,
          read: false,
        }),
      ]);
      expect(await mails()).toBe(1);
      // My own messages never notify me; the bidder got one for my reply.
      await send(thread.id, owner, 'Here now');
      expect(await notices()).toHaveLength(1);
      await call('POST', `/api/notifications/${first[0]!._id}/read`, owner);
      await send(thread.id, bidder, 'Great, one more question');
      expect((await notices()).filter((n) => !n.read)).toHaveLength(1);
      expect(await mails()).toBe(2);
    });
  });

  describe('closing', () => {
    it('a deleted task’s thread stays readable with its title, and refuses new messages (409)', async () => {
      const { taskId: id, thread } = await freshThread({ title: 'Fix the roof' });
      const hello = await send(thread.id, bidder, 'Hello');
      expect(hello.statusCode).toBe(201);
      const deleted = await call('DELETE', `/api/tasks/${id}`, owner);
      expect(deleted.statusCode).toBe(200);

      for (const user of [owner, bidder]) {
        const seen = await getThread(thread.id, user);
        expect(seen).toMatchObject({
          task: { id: null, title: 'Fix the roof' },
          writable: false,
          closedReason: 'task-deleted',
        });
        const list = await call('GET', `/api/threads/${thread.id}/messages`, user);
        expect(list.json().items.map((m: Message) => m.body)).toEqual(['Hello']);
        const res = await send(thread.id, user, 'Still there?');
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          message: 'This conversation is closed: its task was deleted.',
          code: 'THREAD_CLOSED',
        });
      }
      // Marking read still works on a closed thread.
      const read = await call('POST', `/api/threads/${thread.id}/read`, owner, {
        upTo: hello.json<Message>().id,
      });
      expect(read.statusCode).toBe(200);
      // And a new thread for that task cannot be opened.
      expect((await call('POST', '/api/threads', bidder, { taskId: id })).statusCode).toBe(404);
    });

    it('writing closes 30 days after completion; before that, and after a declined bid, it stays open', async () => {
      const { taskId: id, thread } = await freshThread();
      const db = t.app.database.db;
      await db.update(bids).set({ status: 'declined' }).where(eq(bids.taskId, id));
      expect((await send(thread.id, bidder, 'Declined, but a question')).statusCode).toBe(201);

      await db
        .update(tasks)
        .set({ status: 'Completed', completedAt: new Date(Date.now() - 29 * DAY) })
        .where(eq(tasks.id, id));
      expect((await getThread(thread.id, owner)).writable).toBe(true);
      expect((await send(thread.id, owner, 'Thanks!')).statusCode).toBe(201);

      await db
        .update(tasks)
        .set({ completedAt: new Date(Date.now() - 31 * DAY) })
        .where(eq(tasks.id, id));
      const closed = await getThread(thread.id, bidder);
      expect(closed).toMatchObject({ writable: false, closedReason: 'expired' });
      const res = await send(thread.id, bidder, 'One more thing');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'This conversation is closed: its task was completed more than 30 days ago.',
        code: 'THREAD_CLOSED',
      });
      const inbox = await call('GET', '/api/threads?limit=100', bidder);
      const summary = inbox.json().items.find((s: ThreadSummary) => s.id === thread.id);
      expect(summary).toMatchObject({ writable: false });
      const list = await call('GET', `/api/threads/${thread.id}/messages`, bidder);
      expect(list.json().items).toHaveLength(2);
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
          `/api/threads/${thread.id}/messages?limit=3${before ? `&before=${before}` : ''}`,
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
        `/api/threads/${thread.id}/messages?before=nonsense`,
        `/api/threads/${thread.id}/messages?before=${Buffer.from('#0').toString('base64url')}`,
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
