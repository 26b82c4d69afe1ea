/**
 * The mails the app under test sent: without SMTP it writes each one as an .eml file into
 * `E2E_MAIL_DIR` (set by the global setup), which a test reads as a person would open it.
 */
import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface MailFile {
  subject: string;
  text: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

async function mailsTo(dir: string, address: string): Promise<MailFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: MailFile[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const mail = await simpleParser(await readFile(join(dir, name)));
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
    if (!to.includes(address)) continue;
    const text = mail.text ?? '';
    found.push({ subject: mail.subject ?? '', text, links: text.match(/https?:\/\/\S+/g) ?? [] });
  }
  return found;
}

/** The latest mail to `address` whose subject matches, waiting for the outbox to send it. */
export async function readMailTo(address: string, subject: RegExp): Promise<MailFile> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through `playwright test`');
  let mail: MailFile | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(dir, address)).filter((m) => subject.test(m.subject)).at(-1);
        return mail !== undefined;
      },
      { message: `a mail to ${address} about ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return mail!;
}
