import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { buildBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUpVerified, type TestUser } from '../../../../tests/factories/users.ts';
import { mailOutbox } from '../db/schema.ts';

describe('e-mail notifications', () => {
  const t = useMailTestApp();

  const bid = async (bidder: TestUser, taskId: string, amount: number) => {
    const res = await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(taskId, { amount }));
    expect(res.statusCode).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };
  /** Mails to `user` other than the sign-up's "Verify your e-mail". */
  const notices = (user: TestUser) =>
    t.smtp.to(user.email).filter((m) => m.subject !== 'Verify your e-mail');
  /** Mail takes a moment: the worker sends it after the request's transaction commits. */
  const poll = <T>(fn: () => T) => expect.poll(fn, { timeout: 10_000 });
  async function settle() {
    await t.app.mail.drain();
    await t.app.mail.drain();
  }

  it('new bids: one mail at once, then the next ones of the quarter hour together in one mail', async () => {
    const owner = await signUpVerified(t.app, { name: 'Olive Owner' });
    const [a, b, c] = [
      await signUpVerified(t.app, { name: 'Ann' }),
      await signUpVerified(t.app, { name: 'Bob' }),
      await signUpVerified(t.app, { name: 'Cy' }),
    ];
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Paint the fence' });

    await bid(a!, taskId, 50);
    await poll(() => notices(owner).length).toBe(1);
    const [first] = notices(owner);
    expect(first!.subject).toBe('A new bid on “Paint the fence”');
    expect(first!.text).toContain('Ann $50.00');
    expect(first!.links).toContain(`${TEST_BASE_URL}/view-bids/${taskId}`);

    await bid(b!, taskId, 60);
    await bid(c!, taskId, 70);
    await settle();
    expect(notices(owner)).toHaveLength(1);
    const queued = await t.app.database.db
      .select({
        status: mailOutbox.status,
        waits: sql<boolean>`${mailOutbox.nextAttemptAt} > now() + interval '14 minutes'`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.coalesceKey, `new-bids:${taskId}:${owner.id}`));
    expect(queued).toContainEqual({ status: 'pending', waits: true });

    // A quarter of an hour later:
    await t.app.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.status, 'pending'));
    await poll(() => notices(owner).length).toBe(2);
    const second = notices(owner)[1]!;
    expect(second.subject).toBe('2 new bids on “Paint the fence”');
    expect(second.text).toContain('Bob $60.00');
    expect(second.text).toContain('Cy $70.00');
    expect(second.text).not.toContain('Ann');
  });

  it('accepted, declined, assignment cancelled, completion to confirm: one mail each, to the right person', async () => {
    const owner = await signUpVerified(t.app, { name: 'Olive Owner' });
    const [winner, loser, later] = [
      await signUpVerified(t.app),
      await signUpVerified(t.app),
      await signUpVerified(t.app),
    ];
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Fix the roof' });
    const winning = await bid(winner!, taskId, 80);
    await bid(loser!, taskId, 90);
    expect((await apiCall(t.app, 'POST', `/api/bids/${winning}/accept`, owner)).statusCode).toBe(
      200,
    );
    await expect
      .poll(() => notices(winner!).map((m) => m.subject))
      .toEqual(['Your bid was accepted']);
    await expect
      .poll(() => notices(loser!).map((m) => m.subject))
      .toEqual(['Your bid was declined']);
    expect(notices(loser!)[0]!.text).toContain('“Fix the roof” was assigned to another bidder.');

    const cancel = await apiCall(t.app, 'POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
      reason: 'Plans changed',
    });
    expect(cancel.statusCode).toBe(200);
    await poll(() => notices(winner!).length).toBe(2);
    expect(notices(winner!)[1]!.subject).toBe('Your assignment was cancelled');
    expect(notices(winner!)[1]!.text).toContain('Plans changed');

    const again = await bid(later!, taskId, 85);
    await apiCall(t.app, 'POST', `/api/bids/${again}/accept`, owner);
    expect((await apiCall(t.app, 'POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(
      200,
    );
    await expect
      .poll(() =>
        notices(later!)
          .map((m) => m.subject)
          .sort(),
      )
      .toEqual(['Confirm that “Fix the roof” is completed', 'Your bid was accepted']);
    await settle();
    expect(notices(winner!)).toHaveLength(2);
    expect(notices(loser!)).toHaveLength(1);
  });

  it('every notification mail has RFC 8058 one-click unsubscribe, which works signed out', async () => {
    const owner = await signUpVerified(t.app);
    const bidder = await signUpVerified(t.app);
    const taskId = await insertTask(t.app.database.db, owner.id);
    const bidId = await bid(bidder, taskId, 40);
    await apiCall(t.app, 'POST', `/api/bids/${bidId}/accept`, owner);
    await poll(() => notices(bidder).length).toBe(1);
    const [mail] = notices(bidder);
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? '';
    expect(oneClick).toMatch(new RegExp(`^${TEST_BASE_URL}/api/unsubscribe\\?token=`));
    const page = mail!.links.find((l) => l.startsWith(`${TEST_BASE_URL}/unsubscribe?token=`));
    expect(page).toBeDefined();

    const path = oneClick.slice(TEST_BASE_URL.length);
    // Looking at the link changes nothing.
    const look = await t.app.inject({ method: 'GET', url: path });
    expect(look.json()).toEqual({
      type: 'bid.accepted',
      label: 'My bid was accepted',
      email: true,
    });
    // What a mail app sends: form-encoded, no cookie, from its own site.
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'bid.accepted', email: false });
    const prefs = await apiCall(t.app, 'GET', '/api/account/notification-preferences', bidder);
    expect(prefs.json()).toMatchObject({ 'bid.accepted': false, 'bid.declined': true });

    // Only that type stops: the next acceptance sends nothing, a decline still does.
    const task2 = await insertTask(t.app.database.db, owner.id);
    const task3 = await insertTask(t.app.database.db, owner.id);
    const other = await signUpVerified(t.app);
    const accepted = await bid(bidder, task2, 30);
    await bid(bidder, task3, 30);
    const winning = await bid(other, task3, 20);
    await apiCall(t.app, 'POST', `/api/bids/${accepted}/accept`, owner);
    await apiCall(t.app, 'POST', `/api/bids/${winning}/accept`, owner);
    await expect
      .poll(() => notices(bidder).map((m) => m.subject))
      .toEqual(['Your bid was accepted', 'Your bid was declined']);
  });

  it('a malformed or forged unsubscribe token is a 400 and changes nothing', async () => {
    for (const token of ['nope', 'a.b', 'eyJ4IjoxfQ.c2lnbmF0dXJl', 'a.b.c']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });

  it('questions: the owner is mailed the question and the asker the answer, as plain text', async () => {
    const owner = await signUpVerified(t.app, { name: 'Quinn Owner' });
    const asker = await signUpVerified(t.app, { name: 'Ada Asker' });
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Fix the gate' });
    const asked = await apiCall(t.app, 'POST', `/api/tasks/${taskId}/questions`, asker, {
      text: 'Is the <b>hinge</b> included?',
    });
    expect(asked.statusCode).toBe(201);
    await poll(() => notices(owner).length).toBe(1);
    const [question] = notices(owner);
    expect(question!.subject).toBe('New question on “Fix the gate”');
    expect(question!.text).toContain('Ada Asker asked: Is the <b>hinge</b> included?');
    expect(question!.html).toContain('Is the &lt;b&gt;hinge&lt;/b&gt; included?');
    expect(question!.links).toContain(`${TEST_BASE_URL}/browse-tasks/${taskId}`);

    const answered = await apiCall(
      t.app,
      'POST',
      `/api/questions/${asked.json()._id}/answer`,
      owner,
      {
        answer: 'Yes, and the screws.',
      },
    );
    expect(answered.statusCode).toBe(200);
    await poll(() => notices(asker).length).toBe(1);
    expect(notices(asker)[0]!.subject).toBe('Your question on “Fix the gate” was answered');
    expect(notices(asker)[0]!.text).toContain('Quinn Owner answered: Yes, and the screws.');
  });

  it('a private message: the recipient is mailed a link to their messages, not the task', async () => {
    const owner = await signUpVerified(t.app, { name: 'Mia Owner' });
    const bidder = await signUpVerified(t.app, { name: 'Ben Bidder' });
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Tile the bathroom' });
    await bid(bidder!, taskId, 80);
    const opened = await apiCall(t.app, 'POST', '/api/threads', bidder, { taskId });
    expect(opened.statusCode).toBe(201);
    const sent = await apiCall(t.app, 'POST', `/api/threads/${opened.json().id}/messages`, bidder, {
      body: 'Can I see the room first?',
    });
    expect(sent.statusCode).toBe(201);
    const fromMessage = () => notices(owner).filter((m) => !m.subject.includes('bid'));
    await poll(() => fromMessage().length).toBe(1);
    const [mail] = fromMessage();
    expect(mail!.links).toContain(`${TEST_BASE_URL}/messages`);
    expect(mail!.links).not.toContain(`${TEST_BASE_URL}/browse-tasks/${taskId}`);
  });

  it('settings: every type on until turned off; only the types sent change; signed in only', async () => {
    const user = await signUpVerified(t.app);
    const path = '/api/account/notification-preferences';
    expect((await apiCall(t.app, 'GET', path, user)).json()).toEqual({
      'bid.received': true,
      'bid.accepted': true,
      'bid.declined': true,
      'bid.withdrawn': true,
      'assignment.cancelled': true,
      'task.completed': true,
      'completion.requested': true,
      'completion.disputed': true,
      'review.requested': true,
      'review.reminder': true,
      'review.published': true,
      'question.asked': true,
      'question.answered': true,
      'message.received': true,
      'deal.updated': true,
      'deal.reminder': true,
    });
    const put = await apiCall(t.app, 'PUT', path, user, { 'bid.received': false });
    expect(put.json()).toMatchObject({ 'bid.received': false, 'bid.accepted': true });
    await apiCall(t.app, 'PUT', path, user, { 'task.completed': false });
    expect((await apiCall(t.app, 'GET', path, user)).json()).toMatchObject({
      'bid.received': false,
      'task.completed': false,
    });
    expect((await apiCall(t.app, 'PUT', path, user, { 'verify-email': false })).statusCode).toBe(
      400,
    );
    expect((await apiCall(t.app, 'PUT', path, user, { 'bid.received': 'no' })).statusCode).toBe(
      400,
    );
    expect((await apiCall(t.app, 'GET', path)).statusCode).toBe(401);

    // Turned off: a bid on my task makes a notification but no mail.
    const bidder = await signUpVerified(t.app);
    const taskId = await insertTask(t.app.database.db, user.id);
    await bid(bidder, taskId, 10);
    await settle();
    expect(notices(user)).toHaveLength(0);
    const bell = await apiCall(t.app, 'GET', '/api/notifications/unread-count', user);
    expect(bell.json()).toEqual({ count: 1 });
  });
});
