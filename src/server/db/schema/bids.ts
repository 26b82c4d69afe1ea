import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { BID_STATES } from '../../../shared/lifecycle.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, money, oneOf, timestampNow } from './helpers.ts';

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
  },
  (t) => [
    index('bids_task_created_at_idx').on(t.taskId, t.createdAt),
    index('bids_bidder_created_at_idx').on(t.bidderId, t.createdAt.desc()),
    oneOf('bids_status_check', t.status, BID_STATES),
  ],
);
