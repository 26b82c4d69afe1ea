import { expect } from 'vitest';
import { insertBid, insertTask } from './tasks.ts';
import { useUsers } from './scenes.ts';
import { callerFor, type TestUser } from './users.ts';
import { useTestApp } from '../setup/test-app.ts';
import type { Thread } from '../../src/shared/threads/schema.ts';

/** A well-formed id that names no thread, task or message. */
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';
export const DAY = 24 * 60 * 60 * 1000;

/**
 * What the private-message tests share, for the enclosing `describe`: an app, a task's owner,
 * two bidders and a stranger, and calls on the thread routes. Read the users' fields inside
 * hooks and tests only.
 */
export function useThreadScene() {
  const t = useTestApp();
  const call = callerFor(t);
  const [owner, bidder, otherBidder, stranger] = useUsers(t, 4);

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

  return { t, call, owner, bidder, otherBidder, stranger, freshThread, send, unread, getThread };
}
