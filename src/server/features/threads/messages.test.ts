import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages as messageRows } from '../../platform/db/schema.ts';
import type { Message, ThreadSummary } from '../../../shared/threads/schema.ts';
import { UNKNOWN, useThreadScene } from '../../../../tests/factories/threads.ts';
import { markVerified } from '../../../../tests/factories/users.ts';

/** Who may use a thread, sending and reading messages, and the notifications they bring. */
describe('private messages', () => {
  const { t, call, owner, bidder, otherBidder, stranger, freshThread, send, unread, getThread } =
    useThreadScene();

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
    it('no bell notification; one mail per thread until it is read, however many messages arrive', async () => {
      await markVerified(t.app, owner); // mail goes to verified addresses only
      const { taskId: id, thread } = await freshThread({ title: 'Tile the bathroom' });
      const notices = async () =>
        (await call('GET', '/api/notifications?limit=100', owner))
          .json<{ type: string; taskId: string }[]>()
          .filter((n) => n.taskId === id);
      const bell = async () =>
        (await call('GET', '/api/notifications/unread-count', owner)).json<{ count: number }>()
          .count;
      const mails = async () => {
        const res = await t.app.database.db.execute(
          sql`select payload from mail_outbox where user_id = ${owner.id} and payload->>'type' = 'message.received' and payload->>'taskId' = ${id} order by created_at`,
        );
        return (res as unknown as { rows: { payload: { title: string; body: string } }[] }).rows;
      };
      const bellBefore = await bell();
      const messages: Message[] = [];
      for (const body of ['Hi!\nA second line', 'Are you there?', 'Never mind.']) {
        const res = await send(thread.id, bidder, body);
        expect(res.statusCode).toBe(201);
        messages.push(res.json<Message>());
      }
      expect(await notices()).toEqual([]);
      expect(await bell()).toBe(bellBefore);
      expect(await mails()).toEqual([
        expect.objectContaining({
          payload: expect.objectContaining({
            title: 'New message about “Tile the bathroom”',
            body: `${bidder.name}: Hi!`,
          }),
        }),
      ]);
      // My own messages never mail me; reading the thread re-arms the mail.
      await send(thread.id, owner, 'Here now');
      expect(await mails()).toHaveLength(1);
      await call('POST', `/api/threads/${thread.id}/read`, owner, { upTo: messages[2]!.id });
      await send(thread.id, bidder, 'Great, one more question');
      await send(thread.id, bidder, 'And another');
      expect(await mails()).toHaveLength(2);
      expect(await notices()).toEqual([]);
    });
  });
});
