import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { buildBid, insertTask } from '../../../../tests/factories/tasks.ts';
import {
  apiCall,
  jsonHeaders,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { bids, tasks, user as userTable } from '../../platform/db/schema.ts';

describe('my account: data export and deletion', () => {
  const t = useMailTestApp();

  const bid = async (bidder: TestUser, taskId: string) =>
    (await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(taskId))).json<{
      insertedId: string;
    }>().insertedId;
  const remove = (who: TestUser, payload: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: jsonHeaders(who.cookie),
      payload,
    });

  it('"Download my data" is a JSON file of my profile, tasks, bids, questions, messages and notifications, mine only', async () => {
    const me = await signUp(t.app, { name: 'Ada Export' });
    const other = await signUp(t.app);
    const myTask = await insertTask(t.app.database.db, me.id, { title: 'My own task' });
    await insertTask(t.app.database.db, other.id, { title: 'Not mine' });
    const theirs = await insertTask(t.app.database.db, other.id, { title: 'Their task' });
    await bid(me, theirs);
    await bid(other, myTask);
    const asked = await apiCall(t.app, 'POST', `/api/tasks/${theirs}/questions`, me, {
      text: 'Is the paint included?',
    });
    expect(asked.statusCode).toBe(201);
    const opened = await apiCall(t.app, 'POST', '/api/threads', me, { taskId: theirs });
    const path = `/api/threads/${opened.json().id}/messages`;
    expect((await apiCall(t.app, 'POST', path, me, { body: 'Mine' })).statusCode).toBe(201);
    expect((await apiCall(t.app, 'POST', path, other, { body: 'Theirs' })).statusCode).toBe(201);

    const res = await apiCall(t.app, 'GET', '/api/account/export', me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.id, name: 'Ada Export', email: me.email });
    expect(data.tasks.map((x: { title: string }) => x.title)).toEqual(['My own task']);
    expect(data.bids).toEqual([
      expect.objectContaining({ taskId: theirs, taskTitle: 'Their task' }),
    ]);
    expect(data.questions).toEqual([
      expect.objectContaining({ taskTitle: 'Their task', text: 'Is the paint included?' }),
    ]);
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(['Mine']);
    expect(data.reviewsGiven).toEqual([]);
    // A message is counted in the Messages badge, not written as a notification.
    expect(data.notifications.map((n: { type: string }) => n.type)).toEqual(['bid.received']);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect((await apiCall(t.app, 'GET', '/api/account/export')).statusCode).toBe(401);
  });

  it('deleting needs my password; then open tasks go, pending and withdrawn bids go, work under way reopens, completed work stays as "Deleted user"', async () => {
    const me = await signUpVerified(t.app, { name: 'Leaving Person' });
    const owner = await signUp(t.app);
    const openTask = await insertTask(t.app.database.db, me.id, { title: 'Open task' });
    const pendingOn = await insertTask(t.app.database.db, owner.id);
    const agreedOn = await insertTask(t.app.database.db, owner.id);
    const pending = await bid(me, pendingOn);
    const withdrawnOn = await insertTask(t.app.database.db, owner.id);
    const withdrawn = await bid(me, withdrawnOn);
    expect((await apiCall(t.app, 'POST', `/api/bids/${withdrawn}/withdraw`, me)).statusCode).toBe(
      200,
    );
    const agreed = await bid(me, agreedOn);
    await apiCall(t.app, 'POST', `/api/bids/${agreed}/accept`, owner);
    const doneOn = await insertTask(t.app.database.db, owner.id);
    await apiCall(t.app, 'POST', `/api/bids/${await bid(me, doneOn)}/accept`, owner);
    await apiCall(t.app, 'POST', `/api/tasks/${doneOn}/complete`, owner);
    await apiCall(t.app, 'POST', `/api/tasks/${doneOn}/confirm-completion`, me);

    expect((await remove(me, { password: 'not-my-password' })).statusCode).toBe(400);
    expect((await remove(me, {})).statusCode).toBe(400);
    const res = await remove(me, { password: me.password });
    expect(res.statusCode).toBe(200);

    const db = t.app.database.db;
    expect(await db.select().from(tasks).where(eq(tasks.id, openTask))).toEqual([]);
    expect(await db.select().from(bids).where(eq(bids.id, pending))).toEqual([]);
    expect(await db.select().from(bids).where(eq(bids.id, withdrawn))).toEqual([]);
    const stateOf = async (taskId: string) =>
      (
        await db
          .select({ assignedTo: tasks.assignedTo, status: tasks.status })
          .from(tasks)
          .where(eq(tasks.id, taskId))
      )[0];
    // Work under way goes back to its owner (open again); completed work stays.
    expect(await stateOf(agreedOn)).toEqual({ assignedTo: null, status: 'Not Started' });
    expect(await stateOf(doneOn)).toEqual({ assignedTo: 'Deleted user', status: 'Completed' });
    const list = await apiCall(t.app, 'GET', `/api/bids?taskId=${agreedOn}`, owner);
    expect(list.json()).toEqual([expect.objectContaining({ userName: 'Deleted user' })]);
    expect(JSON.stringify(list.json())).not.toContain(me.email);
    const [row] = await db.select().from(userTable).where(eq(userTable.id, me.id));
    expect(row).toMatchObject({ name: 'Deleted user', image: null });
    expect(row!.email).toMatch(/\.invalid$/);

    // Signed out everywhere; the old password opens nothing; a goodbye mail went out.
    expect((await apiCall(t.app, 'GET', '/api/auth/get-session', me)).json()).toBeNull();
    const { email, password } = me;
    const signIn = await apiCall(t.app, 'POST', '/api/auth/sign-in/email', undefined, {
      email,
      password,
    });
    expect(signIn.statusCode).toBe(401);
    // Among the others this address received (verify, bid accepted), whatever their order.
    await expect
      .poll(() => t.smtp.to(me.email).map((m) => m.subject), { timeout: 10_000 })
      .toContain('Your TaskBid account was deleted');

    // The address can sign up again.
    const again = await signUp(t.app, { email: me.email });
    expect(again.id).not.toBe(me.id);
  });
});
