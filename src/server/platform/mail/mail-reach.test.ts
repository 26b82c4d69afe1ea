import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import {
  apiCall,
  buildUser,
  markVerified,
  signUp,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import { mailOutbox } from '../db/schema.ts';
import { MAILS_PER_SENDER_PER_HOUR } from './outbox.ts';

/*
 * Who TaskBid mails, and how much one person's actions can make it mail: nobody can use it
 * to send their own words to an address that never signed up, or to flood anyone.
 */
describe('mail reaches only proven addresses, in measure', () => {
  const t = useMailTestApp();

  const HOSTILE = 'Claim your prize: https://evil.example/win';
  /** Mails to `user` other than the sign-up's "Verify your e-mail". */
  const notices = (user: TestUser) =>
    t.smtp.to(user.email).filter((m) => m.subject !== 'Verify your e-mail');
  const poll = <T>(fn: () => T) => expect.poll(fn, { timeout: 10_000 });
  async function settle() {
    await t.app.mail.drain();
    await t.app.mail.drain();
  }
  const ask = async (asker: TestUser, taskId: string, text: string) => {
    const res = await apiCall(t.app, 'POST', `/api/tasks/${taskId}/questions`, asker, { text });
    expect(res.statusCode).toBe(201);
  };
  const unread = async (user: TestUser) =>
    (await apiCall(t.app, 'GET', '/api/notifications/unread-count', user)).json<{
      count: number;
    }>().count;

  it('account mails carry no text the person typed: the sign-up name is not in them', async () => {
    const { email } = buildUser();
    await signUp(t.app, { name: HOSTILE, email });
    const reset = await apiCall(t.app, 'POST', '/api/auth/request-password-reset', undefined, {
      email,
    });
    expect(reset.statusCode).toBe(200);
    const mails = await t.smtp.waitFor(email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your e-mail',
      'Reset your TaskBid password',
    ]);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Claim your prize');
        expect(part).not.toContain('evil.example');
      }
    }
  });

  it('notifications of an unverified address stay in the app; once verified they are mailed', async () => {
    const owner = await signUp(t.app);
    const asker = await signUpVerified(t.app, { name: HOSTILE });
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Fix the gate' });
    await ask(asker, taskId, 'Is the hinge included?');
    await settle();
    expect(notices(owner)).toEqual([]);
    expect(await unread(owner)).toBe(1);

    // Changing an unverified account's password tells nobody by mail either.
    const changed = await apiCall(t.app, 'POST', '/api/auth/change-password', owner, {
      currentPassword: owner.password,
      newPassword: 'a-brand-new-secret',
    });
    expect(changed.statusCode).toBe(200);
    await settle();
    expect(notices(owner)).toEqual([]);

    await markVerified(t.app, owner);
    const later = await insertTask(t.app.database.db, owner.id, { title: 'Paint the shed' });
    await ask(asker, later, 'Which colour?');
    await poll(() => notices(owner).map((m) => m.subject)).toEqual([
      'New question on “Paint the shed”',
    ]);
  });

  it('ten questions on one task: one mail at once, the next ones of the quarter hour in one mail', async () => {
    const owner = await signUpVerified(t.app);
    const askers = [await signUpVerified(t.app), await signUpVerified(t.app)];
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Move a piano' });
    await ask(askers[0]!, taskId, 'Question 1: how many floors?');
    await poll(() => notices(owner).length).toBe(1);
    expect(notices(owner)[0]!.text).toContain('Question 1: how many floors?');

    for (let i = 2; i <= 10; i++) await ask(askers[i % 2]!, taskId, `Question ${i}: details?`);
    await settle();
    expect(notices(owner)).toHaveLength(1);
    expect(await unread(owner)).toBe(10);

    // A quarter of an hour later:
    await t.app.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.coalesceKey, `new-questions:${taskId}:${owner.id}`));
    await poll(() => notices(owner).length).toBe(2);
    const second = notices(owner)[1]!;
    expect(second.subject).toBe('9 new questions on “Move a piano”');
    for (let i = 2; i <= 10; i++) expect(second.text).toContain(`Question ${i}: details?`);
    expect(second.text).not.toContain('Question 1:');
  });

  it(`one person's actions cause at most ${MAILS_PER_SENDER_PER_HOUR} mails an hour; past that, notifications only`, async () => {
    const [sender, owner, other] = [
      await signUpVerified(t.app),
      await signUpVerified(t.app),
      await signUpVerified(t.app),
    ];
    // One question on each of the owner's tasks: each task's questions are a mail of their own.
    for (let i = 0; i <= MAILS_PER_SENDER_PER_HOUR; i++) {
      const taskId = await insertTask(t.app.database.db, owner.id, { title: `Task ${i}` });
      await ask(sender, taskId, 'Still available?');
    }
    await settle();
    expect(notices(owner)).toHaveLength(MAILS_PER_SENDER_PER_HOUR);
    expect(await unread(owner)).toBe(MAILS_PER_SENDER_PER_HOUR + 1);

    // Someone else's actions still reach that owner.
    const taskId = await insertTask(t.app.database.db, owner.id, { title: 'Wash the car' });
    await ask(other, taskId, 'When?');
    await poll(() => notices(owner).length).toBe(MAILS_PER_SENDER_PER_HOUR + 1);
    expect(notices(owner).at(-1)!.subject).toBe('New question on “Wash the car”');
  });
});
