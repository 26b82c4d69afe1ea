import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { columnsOf } from '../db/columns.ts';
import { EVENTS_CHANNEL, type AppEvent } from '../events/bus.ts';
import type { MailRequest, StoredMail } from './render-mail.ts';

/** What enqueueing needs: a transaction (or the database) that can insert and notify. */
export type MailTx = Pick<Db, 'insert' | 'execute' | 'select' | 'update'>;

/** New bids (and new questions) on one task reach its owner at most once per this window. */
export const NEW_BIDS_WINDOW_MINUTES = 15;

/** Notification mails one person's actions may cause in an hour (to others than themselves). */
export const MAILS_PER_SENDER_PER_HOUR = 20;

/** Addresses under the reserved `.invalid` domain (deleted accounts) never get mail. */
export function isDeliverable(address: string): boolean {
  return !/\.invalid$/i.test(address.trim());
}

async function wakeWorkers(tx: Pick<Db, 'execute'>) {
  const event: AppEvent = { type: 'mail.queued' };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * Queues a mail inside the caller's transaction: it exists (and a worker is woken) only if
 * that transaction commits, and it is sent later, once, with retries. Nothing here talks to
 * a mail server, so a request never waits for or fails because of one.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.insert(…);                        // what happened
 *     await enqueueMail(tx, { kind: 'notification', to, userId, data: {…} });
 *   });
 */
export async function enqueueMail(
  tx: MailTx,
  mail: MailRequest,
  /** Whose action caused it, when that counts against their hourly allowance. */
  causedBy: string | null = null,
): Promise<void> {
  if (!isDeliverable(mail.to)) return;
  await tx.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    payload: mail.data,
    userId: 'userId' in mail ? mail.userId : null,
    causedBy,
  });
  await wakeWorkers(tx);
}

/** The mails that list several happenings on one task, one row per task and reader. */
export const LISTED_MAILS = {
  'new-bids': { type: 'bid.received', list: 'bids' },
  'new-questions': { type: 'question.asked', list: 'questions' },
} as const;

/**
 * One happening (a new bid, a new question) for a task owner's listed mail. While that
 * task's mail is still queued the item joins its list; otherwise a new mail is queued, due no
 * sooner than the window after the previous one went out. The queued row is locked while it
 * grows, and a worker that already claimed it makes this start the next mail, so each item is
 * listed exactly once. Resolves true when a new mail was queued, false when the item joined
 * one.
 */
export async function queueListedMail(
  tx: MailTx,
  mail: {
    kind: keyof typeof LISTED_MAILS;
    to: string;
    userId: string;
    taskId: string;
    taskTitle: string;
    item: Record<string, unknown>;
    /** Who caused it (counted against their hourly allowance). */
    causedBy?: string | null;
  },
): Promise<boolean> {
  if (!isDeliverable(mail.to)) return false;
  const { type, list } = LISTED_MAILS[mail.kind];
  const key = `${mail.kind}:${mail.taskId}:${mail.userId}`;
  const [queued] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.coalesceKey, key), eq(mailOutbox.status, 'pending')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
    .for('update');
  if (queued) {
    await tx
      .update(mailOutbox)
      .set({
        payload: sql`jsonb_set(${mailOutbox.payload}, ${`{${list}}`}::text[], (${mailOutbox.payload} -> ${list}) || ${JSON.stringify([mail.item])}::jsonb)`,
      })
      .where(eq(mailOutbox.id, queued.id));
    return false;
  }
  const data = { type, taskId: mail.taskId, taskTitle: mail.taskTitle, [list]: [mail.item] };
  await tx.insert(mailOutbox).values({
    kind: mail.kind,
    recipient: mail.to,
    payload: data,
    userId: mail.userId,
    causedBy: mail.causedBy ?? null,
    coalesceKey: key,
    nextAttemptAt: sql`greatest(now(), (select max(${mailOutbox.lastAttemptAt}) from ${mailOutbox} where ${mailOutbox.coalesceKey} = ${key}) + make_interval(mins => ${NEW_BIDS_WINDOW_MINUTES}))`,
  });
  await wakeWorkers(tx);
  return true;
}

/**
 * How many more notification mails `senderId`'s actions may cause this hour: the outbox
 * remembers who caused each mail it queued.
 */
export async function mailsLeftFor(tx: MailTx, senderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.causedBy, senderId),
        gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return Math.max(0, MAILS_PER_SENDER_PER_HOUR - (row?.n ?? 0));
}

/** A mail a worker has claimed: its own until `leaseMs` pass. */
export interface ClaimedMail extends StoredMail {
  id: string;
  attempts: number;
}

/** The worker's side of the outbox. */
export function createOutboxRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due mails for this worker. Rows another worker holds are skipped
     * (FOR UPDATE SKIP LOCKED), so each mail goes to one worker; a claim that lapses (its
     * worker died mid-send) makes the mail due again.
     */
    async claim(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['pending', 'sending']),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastAttemptAt: sql`now()`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning(
          columnsOf(mailOutbox, 'id', 'kind', 'recipient', 'payload', 'userId', 'attempts'),
        );
    },

    async markSent(id: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    /** Not sent on purpose (the person turned this type off meanwhile). */
    async markSkipped(id: string, reason: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'skipped', lastError: reason })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    async markRetry(id: string, delayMs: number, error: string) {
      await db
        .update(mailOutbox)
        .set({
          status: 'pending',
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          lastError: error.slice(0, 2000),
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    async markFailed(id: string, error: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: error.slice(0, 2000) })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    /** Sent, skipped and failed mail is kept for `days` (to look into), then removed. */
    async prune(days: number) {
      await db.execute(
        sql`delete from ${mailOutbox} where status in ('sent', 'skipped', 'failed') and created_at < now() - make_interval(days => ${days})`,
      );
    },
  };
}
