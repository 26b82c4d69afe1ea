import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BID_STATES, LIVE_BID_STATES } from '../../../../shared/lifecycle.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import {
  belongsTo,
  moderationRule,
  moderationState,
  money,
  oneOf,
  timestampNow,
} from './helpers.ts';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';

/**
 * One offer per person per task: `created_at` is when it was first placed (its place in the
 * task's order, which a change never moves); `edited_at` when it last changed.
 */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: belongsTo(uuid('task_id'), () => tasks.id),
    bidderId: belongsTo(text('bidder_id'), () => user.id),
    amount: money('amount').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    message: text('message'),
    status: text('status', { enum: BID_STATES }).notNull().default('pending'),
    createdAt: timestampNow('created_at'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
  },
  (t) => [
    index('bids_task_created_at_idx').on(t.taskId, t.createdAt),
    index('bids_bidder_created_at_idx').on(t.bidderId, t.createdAt.desc()),
    // Two first bids sent at once cannot both land: the second finds the first.
    uniqueIndex('bids_one_live_offer_idx')
      .on(t.taskId, t.bidderId)
      .where(sql.raw(`status in (${LIVE_BID_STATES.map((s) => `'${s}'`).join(', ')})`)),
    oneOf('bids_status_check', t.status, BID_STATES),
    oneOf('bids_moderation_check', t.moderation, MODERATION_STATES),
  ],
);

/**
 * An offer's earlier versions: each change of a bid keeps the values it replaced (and the
 * state it was in: pending, or withdrawn when bidding again brought it back).
 */
export const bidRevisions = pgTable(
  'bid_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidId: belongsTo(uuid('bid_id'), () => bids.id),
    amount: money('amount').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    message: text('message'),
    status: text('status', { enum: BID_STATES }).notNull(),
    replacedAt: timestampNow('replaced_at'),
  },
  (t) => [
    index('bid_revisions_bid_replaced_at_idx').on(t.bidId, t.replacedAt),
    oneOf('bid_revisions_status_check', t.status, BID_STATES),
  ],
);
