/**
 * The mail the app under test sent, as the SMTP server in the test server's process
 * received it (support/server.ts), read over its test-only route: a browser test follows
 * the links of real mails.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { TEST_MAIL_PATH } from './stack.ts';

export interface ReceivedMail {
  subject: string;
  html: string;
  text: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
}

/** The mails `email` received so far, oldest first. */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const origin = process.env.E2E_BASE_URL;
  if (!origin) throw new Error('E2E_BASE_URL is not set: run through `playwright test`');
  const response = await fetch(`${origin}${TEST_MAIL_PATH}/${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits for a mail to `email` whose subject is `subject` (or matches it) and returns it: the
 * `nth` such mail (1 is the first), or without `nth` the latest.
 */
export async function waitForMail(
  email: string,
  subject: string | RegExp,
  nth?: number,
): Promise<ReceivedMail> {
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).filter((m) => matches(m.subject));
        return found.length;
      },
      { message: `a mail to ${email} about ${String(subject)}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(nth ?? 1);
  return nth ? found[nth - 1]! : found.at(-1)!;
}

/** The link of `mail` whose path starts with `path` (e.g. `/api/auth/reset-password/`). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return link;
}

/**
 * Follows the link of the sign-up's verification mail to `email` on `api` (signed in as its
 * owner or not), as the owner would: notification mail goes to verified addresses only.
 */
export async function verifyAddress(api: APIRequestContext, email: string): Promise<void> {
  const mail = await waitForMail(email, 'Verify your e-mail');
  const response = await api.get(linkIn(mail, '/api/auth/verify-email'), { maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
}
