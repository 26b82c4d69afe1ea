import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX,
  type AlertChannel,
  type SavedCriteria,
} from '../../../../shared/alerts/rules.ts';
import { user } from './auth.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

/* ---------- Saved searches and their task alerts ---------- */

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo(text('user_id'), () => user.id),
    name: text('name').notNull(),
    /** The browse URL's values, canonical (shared/alerts/rules.ts `canonicalCriteria`). */
    criteria: jsonb('criteria').$type<SavedCriteria>().notNull(),
    /** `criteriaKey(criteria)`: the same search saved twice by one person is refused. */
    criteriaKey: text('criteria_key').notNull(),
    channels: text('channels', { enum: ALERT_CHANNELS })
      .array()
      .$type<AlertChannel[]>()
      .notNull()
      .default(sql`array['in-app']::text[]`),
    frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull().default('instant'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    /** The watermark: tasks created up to this moment were matched already (or predate it). */
    matchedUntil: timestampNow('matched_until'),
    /** When the alert job last looked at it (each run claims its searches by setting this). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When its last alert was written: the next waits ALERT_EVERY_MINUTES. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_searches_user_criteria_key_idx').on(t.userId, t.criteriaKey),
    // The job's walk: instant searches, the longest unmatched first.
    index('saved_searches_instant_matched_until_idx')
      .on(t.matchedUntil)
      .where(sql`${t.frequency} = 'instant'`),
    // The digest job's walk: daily and weekly searches behind their last digest hour.
    index('saved_searches_digest_matched_until_idx')
      .on(t.matchedUntil)
      .where(sql`${t.frequency} in ('daily', 'weekly')`),
    oneOf('saved_searches_frequency_check', t.frequency, ALERT_FREQUENCIES),
    check(
      'saved_searches_channels_check',
      sql`${t.channels} <@ array[${sql.raw(ALERT_CHANNELS.map((c) => `'${c}'`).join(', '))}]::text[]`,
    ),
    check(
      'saved_searches_name_check',
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(SAVED_SEARCH_NAME_MAX))}`,
    ),
  ],
);
