import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config.ts';

/** A mail ready to go: both parts rendered, headers (List-Unsubscribe…) set. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the mail is accepted (by the SMTP server, or written to its file). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The first web address in a text, for the log line that stands in for delivery. */
export function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}

/**
 * SMTP when `smtpUrl` is set. Otherwise (never in production: the config refuses) each mail
 * is written as an .eml file under `dir`, and its subject and first link are logged on one
 * line, so a person running TaskBid offline can still click the link.
 */
export function createMailTransport(config: MailConfig, log: FastifyBaseLogger): MailTransport {
  if (config.smtpUrl) {
    const smtp = createTransport(
      {
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: config.from },
    );
    return {
      async send(mail) {
        await smtp.sendMail(mail);
      },
      close: () => smtp.close(),
    };
  }

  const files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await files.sendMail({ from: config.from, ...mail });
      await mkdir(config.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(config.dir, `${stamp}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { mailTo: mail.to, file },
        `mail "${mail.subject}" written to a file; link: ${firstLink(mail.text) ?? 'none'}`,
      );
    },
    close: () => files.close(),
  };
}
