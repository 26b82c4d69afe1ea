import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_BASE_URL,
  useTestApp,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/setup/smtp-server.ts';
import { mailOutbox } from '../db/schema.ts';
import { signUp } from '../../../../tests/factories/users.ts';
import { enqueueMail } from './outbox.ts';

const resetMail = (to: string) =>
  ({
    kind: 'reset-password',
    to,
    data: { url: `${TEST_BASE_URL}/reset?token=abc` },
  }) as const;

async function statusOf(t: TestApp, to: string) {
  return t.app.database.db
    .select({
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      error: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to));
}

describe('mail outbox over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'TaskBid <no-reply@taskbid.test>' },
      { mail: { retryBaseMs: 100, maxAttempts: 3, pollMs: 50 } },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends a mail queued in a committed transaction once, with HTML and text parts', async () => {
    const to = 'queued@example.com';
    await t.app.database.db.transaction((tx) => enqueueMail(tx, resetMail(to)));
    const [mail] = await smtp.waitFor(to);
    expect(mail!.subject).toBe('Reset your TaskBid password');
    expect(mail!.raw).toContain('From: TaskBid <no-reply@taskbid.test>');
    expect(mail!.html).toContain('Reset password');
    expect(mail!.html).toContain('#0f766e');
    expect(mail!.html).toContain('prefers-color-scheme: dark');
    expect(mail!.text).toContain(`Reset password: ${TEST_BASE_URL}/reset?token=abc`);
    await t.app.mail.drain();
    expect(smtp.to(to)).toHaveLength(1);
    expect(await statusOf(t, to)).toEqual([{ status: 'sent', attempts: 1, error: null }]);
  });

  it('queues nothing when the transaction that caused the mail rolls back', async () => {
    const to = 'rolled-back@example.com';
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await enqueueMail(tx, resetMail(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.mail.drain();
    expect(await statusOf(t, to)).toEqual([]);
    expect(smtp.to(to)).toHaveLength(0);
  });

  it('escapes what people typed: a task title cannot become markup', async () => {
    const person = await signUp(t.app);
    await enqueueMail(t.app.database.db, {
      kind: 'notification',
      to: person.email,
      userId: person.id,
      data: {
        type: 'question.answered',
        title: 'On <img src=x onerror=alert(1)>',
        body: 'Yes & no',
        taskId: null,
      },
    });
    const [mail] = (await smtp.waitFor(person.email, 2)).filter((m) => m.subject.startsWith('On'));
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('On &lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.subject).toBe('On <img src=x onerror=alert(1)>');
    expect(mail!.text).toContain('Yes & no');

    const to = 'escape@example.com';
    await enqueueMail(t.app.database.db, {
      kind: 'verify-email',
      to,
      data: { email: to, url: `${TEST_BASE_URL}/v?t=1&c=2` },
    });
    const [verify] = await smtp.waitFor(to);
    expect(verify!.html).toContain('href="http://localhost:3000/v?t=1&amp;c=2"');
  });

  /** Queues a mail to `to` while the mail server refuses every mail. */
  async function queueWhileRefused(to: string) {
    smtp.refuse(true);
    await enqueueMail(t.app.database.db, resetMail(to));
  }

  it('keeps a refused mail queued and retries it with backoff until the server takes it', async () => {
    const to = 'retry@example.com';
    await queueWhileRefused(to);
    await expect
      .poll(async () => (await statusOf(t, to))[0]?.attempts, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2);
    const [row] = await statusOf(t, to);
    expect(row!.status).not.toBe('sent');
    expect(row!.error).toMatch(/451|Try again later/);
    smtp.refuse(false);
    await smtp.waitFor(to);
    await expect.poll(async () => (await statusOf(t, to))[0]?.status).toBe('sent');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('marks a mail failed after the last attempt and stops sending it', async () => {
    const to = 'never@example.com';
    await queueWhileRefused(to);
    await expect
      .poll(async () => (await statusOf(t, to))[0]?.status, { timeout: 5000 })
      .toBe('failed');
    smtp.refuse(false);
    const [row] = await statusOf(t, to);
    expect(row!.attempts).toBe(3);
    await t.app.mail.drain();
    expect(smtp.to(to)).toHaveLength(0);
  });
});

describe('mail without SMTP_URL (development)', () => {
  const t = useTestApp({}, { mail: { pollMs: 50 } });
  beforeAll(async () => {
    await t.app.ready();
  });

  it('writes each mail as an .eml file under DATA_DIR/mail', async () => {
    await enqueueMail(t.app.database.db, resetMail('offline@example.com'));
    await t.app.mail.drain();
    const files = readdirSync(t.config.mail.dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(`${t.config.mail.dir}/${files[0]}`, 'utf8');
    expect(raw).toContain('Subject: Reset your TaskBid password');
    expect(raw).toContain('To: offline@example.com');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });
});
