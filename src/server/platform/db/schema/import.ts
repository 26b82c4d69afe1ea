import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { bids } from './bids.ts';
import { belongsTo, timestampNow } from './helpers.ts';

/* ---------- Import from the first version (server/import) ---------- */

/** One run of `npm run import`: what it read and what it did; undone as a whole. */
export const importBatches = pgTable('import_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  tasksFile: text('tasks_file'),
  bidsFile: text('bids_file'),
  /** The printed summary's counts (imported, skipped, rejected by reason). */
  summary: jsonb('summary'),
  startedAt: timestampNow('started_at'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * The people an import brought: `createdAccount` when the import made the account (marked
 * imported, no password until claimed), false when an existing account gained the work.
 */
export const importedUsers = pgTable(
  'imported_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    batchId: belongsTo(uuid('batch_id'), () => importBatches.id),
    createdAccount: boolean('created_account').notNull(),
  },
  (t) => [index('imported_users_batch_idx').on(t.batchId)],
);

/**
 * The first version's task ids (Mongo ObjectIds) and the task each became. The row outlives
 * its task (set null), so a second run still knows the record was imported.
 */
export const legacyTasks = pgTable(
  'legacy_tasks',
  {
    oldId: text('old_id').primaryKey(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    batchId: belongsTo(uuid('batch_id'), () => importBatches.id),
  },
  (t) => [
    index('legacy_tasks_task_idx').on(t.taskId),
    index('legacy_tasks_batch_idx').on(t.batchId),
  ],
);

/** The first version's bid ids and the bid each became (see legacyTasks). */
export const legacyBids = pgTable(
  'legacy_bids',
  {
    oldId: text('old_id').primaryKey(),
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'set null' }),
    batchId: belongsTo(uuid('batch_id'), () => importBatches.id),
  },
  (t) => [index('legacy_bids_bid_idx').on(t.bidId), index('legacy_bids_batch_idx').on(t.batchId)],
);
