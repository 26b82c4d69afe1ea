import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth.ts';
import { belongsTo, timestampNow } from './helpers.ts';

/* ---------- Blocks between members ---------- */

/**
 * One person's block of another: from then on the blocked person cannot contact the blocker
 * (messages, bids and questions on their tasks), the blocker no longer sees what the blocked
 * person writes, and the conversations between them close. One row a pair and direction.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: belongsTo(text('blocker_id'), () => user.id),
    blockedId: belongsTo(text('blocked_id'), () => user.id),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me" (the other direction of the check) and the erase of a blocked person.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
