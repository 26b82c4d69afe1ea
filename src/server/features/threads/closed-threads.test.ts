import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bids, tasks } from '../../platform/db/schema.ts';
import type { Message, ThreadSummary } from '../../../shared/threads/schema.ts';
import { DAY, useThreadScene } from '../../../../tests/factories/threads.ts';

/** Threads whose task was deleted or completed long ago: readable, closed to new messages. */
describe('private messages', () => {
  const { t, call, owner, bidder, freshThread, send, getThread } = useThreadScene();

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
          task: { id: null, title: 'Fix the roof', budget: null, status: null },
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
});
