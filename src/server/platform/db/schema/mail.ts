import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { oneOf, timestampNow } from './helpers.ts';

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The outbox: every mail is a row written in the same transaction as what caused it, sent
 * later by a worker in whichever instance claims it first (see server/mail/outbox.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which template renders it (server/mail/templates). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    /** Set for mail about a user's activity: it goes when the account goes. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The person whose action caused this notification mail (a bid, a question …): what their
     * hourly allowance counts. Null for account mail and mail nobody in particular caused.
     */
    causedBy: text('caused_by').references(() => user.id, { onDelete: 'set null' }),
    /** Mails with one key are merged while queued and spaced out (new bids on a task). */
    coalesceKey: text('coalesce_key'),
    /** pending → sending (claimed) → sent | failed | skipped. */
    status: text('status', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending mail is due; for a claimed one, when its claim lapses. */
    nextAttemptAt: timestampNow('next_attempt_at'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestampNow('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_coalesce_idx')
      .on(t.coalesceKey, t.createdAt.desc())
      .where(sql`${t.coalesceKey} is not null`),
    index('mail_outbox_caused_by_idx')
      .on(t.causedBy, t.createdAt)
      .where(sql`${t.causedBy} is not null`),
    oneOf('mail_outbox_status_check', t.status, MAIL_STATES),
  ],
);
