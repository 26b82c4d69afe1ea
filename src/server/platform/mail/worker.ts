import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SENT_MAIL_KEPT_DAYS } from '../../../shared/account.ts';
import type { MailConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notificationPreferences } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { createOutboxRepository, type ClaimedMail } from './outbox.ts';
import { notificationTypeOf, renderMail, type RenderContext } from './render-mail.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

const BATCH = 10;
/** A claimed mail goes back to the queue if its worker has not finished within this. */
const LEASE_MS = 2 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_DAYS = SENT_MAIL_KEPT_DAYS;

export interface MailWorker {
  /** Sends what is due now; resolves when this round is done (tests call it directly). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Waits before attempt n + 1 after n failed ones: base, 2 × base, 4 × base, … */
export function retryDelay(config: Pick<MailConfig, 'retryBaseMs'>, attempts: number): number {
  return config.retryBaseMs * 2 ** Math.max(0, attempts - 1);
}

/**
 * Each instance runs one worker. It wakes when mail is queued anywhere (the event bus) and
 * every `pollMs` for retries and spaced-out mail, claims due mail with FOR UPDATE SKIP
 * LOCKED (so two instances never send the same mail), renders and sends it. A failed send is
 * retried with exponential backoff; after `maxAttempts` the mail is marked failed and logged.
 */
export function startMailWorker(deps: {
  db: Db;
  events: EventBus;
  transport: MailTransport;
  config: MailConfig;
  render: RenderContext;
  log: FastifyBaseLogger;
}): MailWorker {
  const { db, transport, config, log } = deps;
  const outbox = createOutboxRepository(db);
  let stopped = false;
  let current: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0;

  async function emailStillWanted(mail: ClaimedMail): Promise<boolean> {
    const type = notificationTypeOf(mail);
    if (!type || !mail.userId) return true;
    const [pref] = await db
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, mail.userId),
          eq(notificationPreferences.type, type),
        ),
      );
    return pref?.email ?? true;
  }

  async function deliver(mail: ClaimedMail) {
    try {
      if (mail.attempts > config.maxAttempts) throw new Error('claim lapsed on the last attempt');
      if (!(await emailStillWanted(mail))) {
        await outbox.markSkipped(mail.id, 'turned off by the recipient');
        return;
      }
      await transport.send(renderMail(mail, deps.render));
      await outbox.markSent(mail.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const context = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts };
      if (mail.attempts >= config.maxAttempts) {
        await outbox.markFailed(mail.id, message);
        log.error({ ...context, err: error }, 'mail failed after its last attempt');
      } else {
        const delay = retryDelay(config, mail.attempts);
        await outbox.markRetry(mail.id, delay, message);
        log.warn({ ...context, retryInMs: delay, reason: message }, 'mail not sent; will retry');
      }
    }
  }

  async function round() {
    do {
      again = false;
      const claimed = await outbox.claim(BATCH, LEASE_MS);
      for (const mail of claimed) await deliver(mail);
      if (claimed.length === BATCH) again = true;
    } while (again && !stopped);
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await outbox.prune(KEEP_DAYS);
    }
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = round()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker could not reach the queue'))
      .finally(() => {
        current = null;
      });
    return current;
  }

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'mail.queued' || event.type === 'resync') void wake();
  });
  const timer = setInterval(() => void wake(), config.pollMs);
  timer.unref();
  void wake();

  return {
    async drain() {
      await current;
      await wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await current;
      transport.close();
    },
  };
}

/**
 * The mail worker of this instance: started once the app is ready, stopped (its round
 * finished) before the database closes; `app.mail.drain()` sends what is due now.
 */
export function registerMailWorker(app: FastifyInstance) {
  let worker: MailWorker | undefined;
  app.decorate('mail', { drain: async () => worker?.drain() });
  app.addHook('onReady', async () => {
    worker = startMailWorker({
      db: app.database.db,
      events: app.events,
      transport: createMailTransport(app.config.mail, app.log),
      config: app.config.mail,
      render: { baseUrl: app.config.baseUrl, secret: app.config.authSecret },
      log: app.log.child({ component: 'mail' }),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
