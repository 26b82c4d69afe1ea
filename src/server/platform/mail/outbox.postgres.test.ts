import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../../tests/setup/test-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/setup/smtp-server.ts';
import { mailOutbox } from '../db/schema.ts';
import { enqueueMail } from './outbox.ts';

/** Two instances on one PostgreSQL, one SMTP server that is down and then back. */
describe('mail outbox across two instances (PostgreSQL)', () => {
  let smtp: TestSmtpServer;
  let a: TestApp;
  let b: TestApp;
  const mailTimings = { retryBaseMs: 150, maxAttempts: 8, pollMs: 40 };

  beforeAll(async () => {
    // The port is known, nobody listens on it yet: the mail server is down.
    smtp = await startSmtpServer({ listen: false });
    a = await createTestApp({ SMTP_URL: smtp.url }, { mail: mailTimings });
    b = await createTestApp({ SMTP_URL: smtp.url }, { mail: mailTimings, shareDatabaseWith: a });
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.stop();
  });

  it('keeps mail queued while SMTP is down, then delivers each one exactly once', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `down-then-up-${i}@example.com`);
    // Half queued through each instance, each in its own transaction.
    await Promise.all(
      addresses.map((to, i) =>
        (i % 2 ? a : b).app.database.db.transaction((tx) =>
          enqueueMail(tx, {
            kind: 'reset-password',
            to,
            data: { url: `${TEST_BASE_URL}/reset-password?token=t${i}` },
          }),
        ),
      ),
    );
    const rows = () =>
      a.app.database.db
        .select({
          to: mailOutbox.recipient,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, addresses));

    // Both workers try and fail: every mail stays queued with its failures counted.
    await expect
      .poll(async () => (await rows()).every((r) => r.attempts >= 2), { timeout: 10_000 })
      .toBe(true);
    expect((await rows()).every((r) => r.status === 'pending' || r.status === 'sending')).toBe(
      true,
    );
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    await expect
      .poll(async () => (await rows()).filter((r) => r.status === 'sent').length, {
        timeout: 15_000,
      })
      .toBe(addresses.length);
    // Both instances keep polling; nothing arrives twice.
    await Promise.all([a.app.mail.drain(), b.app.mail.drain()]);
    await new Promise((r) => setTimeout(r, 500));
    for (const to of addresses) expect(smtp.to(to), to).toHaveLength(1);
    expect(smtp.received).toHaveLength(addresses.length);
    const [first] = smtp.to(addresses[0]!);
    expect(first!.links[0]).toBe(`${TEST_BASE_URL}/reset-password?token=t0`);
  });

  it('sends a mail once even when both instances are woken for it at the same moment', async () => {
    const to = 'both-woken@example.com';
    await enqueueMail(a.app.database.db, {
      kind: 'password-changed',
      to,
      data: { changedAt: new Date().toISOString() },
    });
    await Promise.all([a.app.mail.drain(), b.app.mail.drain(), a.app.mail.drain()]);
    await smtp.waitFor(to);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(to)).toHaveLength(1);
    const [row] = await a.app.database.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to));
    expect(row!.attempts).toBe(1);
  });
});
