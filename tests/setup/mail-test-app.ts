import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from './test-app.ts';

export interface MailTestApp {
  app: FastifyInstance;
  smtp: TestSmtpServer;
}

/**
 * `useTestApp` with mail going to an in-process SMTP server: the server starts first, the
 * app sends through it and looks for due mail every 50 ms. Read the fields inside hooks
 * and tests only.
 */
export function useMailTestApp(env: Record<string, string> = {}): MailTestApp {
  let smtp: TestSmtpServer | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url, ...env }, { mail: { pollMs: 50 } });
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMailTestApp: read it inside a hook or a test');
    return value;
  };
  return {
    get app() {
      return need(testApp).app;
    },
    get smtp() {
      return need(smtp);
    },
  };
}

/** The link of a received mail that starts with `prefix` (after the site's address). */
export function linkIn(mail: ReceivedMail | undefined, prefix: string): string {
  const link = mail?.links.find((l) => l.startsWith(`${TEST_BASE_URL}${prefix}`));
  if (!link) throw new Error(`no ${prefix} link in mail "${mail?.subject ?? '(none)'}"`);
  return link.slice(TEST_BASE_URL.length);
}

/**
 * The token of the latest reset mail to `email` (waiting until the address has `nth` mails),
 * read from where its checked link sends the browser.
 */
export async function resetTokenFor(t: MailTestApp, email: string, nth = 1): Promise<string> {
  const mails = await t.smtp.waitFor(email, nth);
  const mail = mails.filter((m) => m.subject === 'Reset your TaskBid password').at(-1);
  const res = await t.app.inject({ method: 'GET', url: linkIn(mail, '/api/auth/reset-password/') });
  if (res.statusCode !== 302) throw new Error(`reset link answered ${res.statusCode}`);
  const location = new URL(res.headers.location as string);
  if (`${location.origin}${location.pathname}` !== `${TEST_BASE_URL}/reset-password`)
    throw new Error(`reset link led to ${location.href}`);
  return location.searchParams.get('token') ?? '';
}
