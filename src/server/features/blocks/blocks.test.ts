import { describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '../../../shared/blocks/rules.ts';
import type { Block, Contact } from '../../../shared/blocks/schema.ts';
import type { Bid } from '../../../shared/bids/schema.ts';
import type { QuestionPage } from '../../../shared/questions/schema.ts';
import type { Thread, ThreadPage } from '../../../shared/threads/schema.ts';
import { buildBid, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { useThreadScene } from '../../../../tests/factories/threads.ts';
import type { TestUser } from '../../../../tests/factories/users.ts';

/**
 * Blocks: who may make them, and each effect — messages, bids and questions refused across a
 * block, the blocker's lists without the blocked person, and unblocking restoring all of it.
 * `owner` blocks `bidder` in the effect tests (the owner's tasks are the blocker's tasks).
 */
describe('blocks', () => {
  const { t, call, owner, bidder, otherBidder, stranger, freshThread, send, getThread } =
    useThreadScene();

  const block = (who: TestUser | undefined, userId: string) =>
    call('POST', '/api/blocks', who, { userId });
  const unblock = (who: TestUser, userId: string) => call('DELETE', `/api/blocks/${userId}`, who);
  const contact = async (who: TestUser, userId: string) =>
    (await call('GET', `/api/blocks/${userId}`, who)).json<Contact>().state;
  /** `owner` blocks `bidder` for the test, and unblocks after it (whatever it asserted). */
  async function whileBlocked(work: () => Promise<void>) {
    expect((await block(owner, bidder.id)).statusCode).toBe(201);
    try {
      await work();
    } finally {
      await unblock(owner, bidder.id);
    }
  }
  const bidList = async (taskId: string, who: TestUser) => {
    const res = await call('GET', `/api/bids?taskId=${taskId}`, who);
    expect(res.statusCode).toBe(200);
    const ids = res.json<Bid[]>().map((b) => b.userId);
    return { ids: ids.sort(), total: res.headers['x-total-count'] };
  };
  const questionsOf = async (taskId: string, who: TestUser) =>
    (await call('GET', `/api/tasks/${taskId}/questions`, who)).json<QuestionPage>();

  describe('making and lifting a block', () => {
    it('needs a session: 401 for every route', async () => {
      for (const [method, url] of [
        ['POST', '/api/blocks'],
        ['GET', '/api/blocks'],
        ['GET', `/api/blocks/${bidder.id}`],
        ['DELETE', `/api/blocks/${bidder.id}`],
      ] as const) {
        const body = method === 'POST' ? { userId: bidder.id } : undefined;
        const res = await call(method, url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('never oneself (400 on the field), never someone who does not exist (404), nothing written', async () => {
      const self = await block(stranger, stranger.id);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({
        message: BLOCK_MESSAGES.self,
        issues: [{ path: 'body.userId', message: BLOCK_MESSAGES.self }],
      });
      expect((await block(stranger, 'no-such-person')).statusCode).toBe(404);
      expect((await call('POST', '/api/blocks', stranger, {})).statusCode).toBe(400);
      expect((await call('GET', '/api/blocks', stranger)).json()).toEqual([]);
    });

    it('blocks once (201, then 200 with the first time), lists who with name, avatar and since, unblocks', async () => {
      const first = await block(stranger, otherBidder.id);
      expect(first.statusCode).toBe(201);
      const made = first.json<Block>();
      expect(made).toEqual({
        userId: otherBidder.id,
        name: otherBidder.name,
        image: null,
        since: expect.any(String),
      });
      const again = await block(stranger, otherBidder.id);
      expect(again.statusCode).toBe(200);
      expect(again.json<Block>()).toEqual(made);

      const list = await call('GET', '/api/blocks', stranger);
      expect(list.json<Block[]>()).toEqual([made]);
      expect(list.headers['x-total-count']).toBe('1');
      // Only the blocker's list has it; the blocked person is told only that they cannot contact.
      expect((await call('GET', '/api/blocks', otherBidder)).json()).toEqual([]);
      expect(await contact(stranger, otherBidder.id)).toBe('blocked');
      expect(await contact(otherBidder, stranger.id)).toBe('unavailable');
      expect(await contact(owner, otherBidder.id)).toBe('open');

      const lifted = await unblock(stranger, otherBidder.id);
      expect(lifted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect((await unblock(stranger, otherBidder.id)).json()).toEqual({
        acknowledged: true,
        deletedCount: 0,
      });
      expect((await call('GET', '/api/blocks', stranger)).json()).toEqual([]);
      expect(await contact(otherBidder, stranger.id)).toBe('open');
    });
  });

  describe('messages', () => {
    it('an existing thread closes for writing both ways (403), as each side is told; unblocking reopens it', async () => {
      const { thread } = await freshThread();
      expect((await send(thread.id, bidder, 'Before')).statusCode).toBe(201);
      await whileBlocked(async () => {
        const theirs = await send(thread.id, bidder, 'Are you there?');
        expect(theirs.statusCode).toBe(403);
        expect(theirs.json()).toMatchObject({
          message: BLOCK_MESSAGES.cannotContact,
          code: 'CANNOT_CONTACT',
        });
        const mine = await send(thread.id, owner, 'One more thing');
        expect(mine.statusCode).toBe(403);
        expect(mine.json()).toMatchObject({ message: BLOCK_MESSAGES.youBlocked });

        expect(await getThread(thread.id, owner)).toMatchObject({
          writable: false,
          closedReason: 'blocked',
          contact: 'blocked',
        });
        expect(await getThread(thread.id, bidder)).toMatchObject({
          writable: false,
          closedReason: 'unavailable',
          contact: 'unavailable',
        });
        const inbox = (await call('GET', '/api/threads', owner)).json<ThreadPage>();
        expect(inbox.items.find((s) => s.id === thread.id)).toMatchObject({ writable: false });
        // Reading what was said stays possible.
        const read = await call('GET', `/api/threads/${thread.id}/messages`, owner);
        expect(read.statusCode).toBe(200);
      });
      expect(await getThread(thread.id, bidder)).toMatchObject({
        writable: true,
        closedReason: null,
      });
      expect((await send(thread.id, bidder, 'Back again')).statusCode).toBe(201);
    });

    it('nobody opens a new thread across a block (403 either way); unblocking allows it', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id);
      await insertBid(t.app.database.db, taskId, bidder.id);
      await whileBlocked(async () => {
        const theirs = await call('POST', '/api/threads', bidder, { taskId });
        expect(theirs.statusCode).toBe(403);
        expect(theirs.json()).toMatchObject({ message: BLOCK_MESSAGES.cannotContact });
        const mine = await call('POST', '/api/threads', owner, { taskId, bidderId: bidder.id });
        expect(mine.statusCode).toBe(403);
        expect(mine.json()).toMatchObject({ message: BLOCK_MESSAGES.youBlocked });
      });
      const opened = await call('POST', '/api/threads', bidder, { taskId });
      expect(opened.statusCode).toBe(201);
      expect(opened.json<Thread>().writable).toBe(true);
    });

    it('a block between two people leaves their threads with others open', async () => {
      const { thread } = await freshThread();
      const other = await call('POST', '/api/threads', otherBidder, {
        taskId: thread.task.id,
      });
      const otherId = other.json<Thread>().id;
      await whileBlocked(async () => {
        expect((await send(otherId, otherBidder, 'Still here')).statusCode).toBe(201);
        expect((await send(otherId, owner, 'Hello')).statusCode).toBe(201);
      });
    });
  });

  describe('bids', () => {
    it('the blocked person cannot bid on the blocker’s task (403, first bid or a change)', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id);
      const other = await insertTask(t.app.database.db, owner.id);
      expect((await call('POST', '/api/bids', bidder, buildBid(other))).statusCode).toBe(201);
      await whileBlocked(async () => {
        const placed = await call('POST', '/api/bids', bidder, buildBid(taskId));
        expect(placed.statusCode).toBe(403);
        expect(placed.json()).toMatchObject({ message: BLOCK_MESSAGES.cannotContact });
        const changed = await call('POST', '/api/bids', bidder, buildBid(other, { amount: 1 }));
        expect(changed.statusCode).toBe(403);
        // Nor does the blocker bid on the blocked person's tasks.
        const theirs = await insertTask(t.app.database.db, bidder.id);
        const mine = await call('POST', '/api/bids', owner, buildBid(theirs));
        expect(mine.statusCode).toBe(403);
        expect(mine.json()).toMatchObject({ message: BLOCK_MESSAGES.youBlockedPoster });
        expect((await bidList(taskId, owner)).ids).toEqual([]);
      });
      expect((await call('POST', '/api/bids', bidder, buildBid(taskId))).statusCode).toBe(201);
    });

    it('the blocker’s bid list leaves out the blocked person’s offers (and its count); others see them; none is accepted', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id);
      const blockedBid = await insertBid(t.app.database.db, taskId, bidder.id);
      await insertBid(t.app.database.db, taskId, otherBidder.id);
      await whileBlocked(async () => {
        expect(await bidList(taskId, owner)).toEqual({ ids: [otherBidder.id], total: '1' });
        expect((await bidList(taskId, stranger)).ids).toEqual([bidder.id, otherBidder.id].sort());
        const accepted = await call('POST', `/api/bids/${blockedBid}/accept`, owner);
        expect(accepted.statusCode).toBe(403);
        expect(accepted.json()).toMatchObject({ message: BLOCK_MESSAGES.youBlockedBidder });
      });
      expect(await bidList(taskId, owner)).toEqual({
        ids: [bidder.id, otherBidder.id].sort(),
        total: '2',
      });
      expect((await call('POST', `/api/bids/${blockedBid}/accept`, owner)).statusCode).toBe(200);
    });
  });

  describe('questions', () => {
    it('the blocked person cannot ask on the blocker’s task (403) and is not offered the form', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id);
      await whileBlocked(async () => {
        const asked = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {
          text: 'Can I still ask?',
        });
        expect(asked.statusCode).toBe(403);
        expect(asked.json()).toMatchObject({ message: BLOCK_MESSAGES.cannotContact });
        expect((await questionsOf(taskId, bidder)).canAsk).toBe(false);
        expect((await questionsOf(taskId, stranger)).canAsk).toBe(true);
      });
      expect((await questionsOf(taskId, bidder)).canAsk).toBe(true);
      const asked = await call('POST', `/api/tasks/${taskId}/questions`, bidder, {
        text: 'Can I ask now?',
      });
      expect(asked.statusCode).toBe(201);
    });

    it('the blocker no longer sees the blocked person’s questions (nor counts them); others do', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id);
      for (const [who, text] of [
        [bidder, 'From the one blocked'],
        [otherBidder, 'From someone else'],
      ] as const)
        expect(
          (await call('POST', `/api/tasks/${taskId}/questions`, who, { text })).statusCode,
        ).toBe(201);
      await whileBlocked(async () => {
        const seen = await questionsOf(taskId, owner);
        expect(seen.items.map((q) => q.text)).toEqual(['From someone else']);
        expect(seen.total).toBe(1);
        expect((await questionsOf(taskId, stranger)).total).toBe(2);
      });
      expect((await questionsOf(taskId, owner)).total).toBe(2);
    });
  });
});
