import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: ParsedMail['headers'];
  /** The raw message as it arrived. */
  raw: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

/**
 * A real SMTP server inside the test process, on 127.0.0.1, that keeps what it receives.
 * `refuse(true)` makes it answer every message with a temporary failure (451); `stop()`
 * and `start()` take it down and bring it back on the same port.
 */
export async function startSmtpServer(options: { port?: number; listen?: boolean } = {}) {
  const port = options.port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let refusing = false;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (refusing) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (mail) => {
              const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
              const text = mail.text ?? '';
              received.push({
                to,
                subject: mail.subject ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                text,
                headers: mail.headers,
                raw,
                links: text.match(/https?:\/\/\S+/g) ?? [],
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.on('error', () => {});
      const net = server.listen(port, '127.0.0.1', () => resolve());
      net.once('error', reject);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = null;
      closing.close(() => resolve());
    });

  if (options.listen !== false) await start();

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    stop,
    refuse(value: boolean) {
      refusing = value;
    },
    /** The mails sent to `address`, oldest first. */
    to(address: string) {
      return received.filter((m) => m.to.includes(address.toLowerCase()));
    },
    /** Waits (at most `ms`) until `count` mails for `address` have arrived, and returns them. */
    async waitFor(address: string, count = 1, ms = 10_000): Promise<ReceivedMail[]> {
      const until = Date.now() + ms;
      for (;;) {
        const mails = this.to(address);
        if (mails.length >= count) return mails;
        if (Date.now() > until)
          throw new Error(`expected ${count} mail(s) to ${address}, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
