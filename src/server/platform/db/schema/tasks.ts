import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, PRIORITIES, TASK_STATUSES } from '../../../../shared/constants.ts';
import { TASK_STAGES } from '../../../../shared/tasks/rules.ts';
import { user } from './auth.ts';
import {
  belongsTo,
  moderationRule,
  moderationState,
  money,
  oneOf,
  timestampNow,
} from './helpers.ts';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What browse and search show: nothing moderation keeps out (held, removed, or a limited
 * owner's). The browse indexes are partial on it, so they stay exactly what browse reads.
 */
const browsable = sql`moderation is null`;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: belongsTo(text('owner_id'), () => user.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    estimatedTime: numeric('estimated_time', { precision: 7, scale: 1, mode: 'number' }),
    budget: money('budget'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('Not Started'),
    location: text('location'),
    /** The accepted bidder's name, as the API's `assignedTo` shows it. */
    assignedTo: text('assigned_to'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    acceptedBidId: uuid('accepted_bid_id'),
    /**
     * When the owner marked it completed, while it waits for the worker's confirmation
     * (null otherwise); it confirms itself a fixed number of days later.
     */
    completionRequestedAt: timestamp('completion_requested_at', { withTimezone: true }),
    /** When it was marked Completed: the review window runs from here. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
    /**
     * Where the task stands, for the browse filter: 'completed', 'assigned' (someone was
     * hired, not completed yet) or 'open' (offers are taken). Kept by the database.
     */
    stage: text('stage', { enum: TASK_STAGES }).generatedAlwaysAs(
      sql`case when status = 'Completed' then 'completed' when assigned_to is not null then 'assigned' else 'open' end`,
    ),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))`,
    ),
    /**
     * Title and description lowercased, a line break between: a search tests its term against
     * it with LIKE instead of lowercasing both on every row it reads or rechecks (ILIKE does),
     * which was most of a miss's SQL time (decision 1830). Its trigram index serves search.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(title) || chr(10) || lower(description)`,
    ),
  },
  (t) => [
    // The browse indexes hold only what browse shows (see `browsable`).
    index('tasks_created_at_idx').on(t.createdAt.desc(), t.id.desc()).where(browsable),
    index('tasks_budget_idx').on(t.budget, t.id).where(browsable),
    // priceHigh: budget high to low with tasks without a budget last.
    index('tasks_budget_desc_idx').on(t.budget.desc().nullsLast(), t.id.desc()).where(browsable),
    index('tasks_deadline_idx').on(t.deadline, t.id).where(browsable),
    // The status filter, newest first (and its count, whatever the sort).
    index('tasks_stage_created_at_idx')
      .on(t.stage, t.createdAt.desc(), t.id.desc())
      .where(browsable),
    // "Open for offers, due soonest": what a freelancer looks for first.
    index('tasks_stage_deadline_idx').on(t.stage, t.deadline, t.id).where(browsable),
    index('tasks_category_created_at_idx').on(t.category, t.createdAt.desc()).where(browsable),
    index('tasks_owner_created_at_idx').on(t.ownerId, t.createdAt.desc()),
    index('tasks_assignee_idx')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
    index('tasks_completion_requested_at_idx')
      .on(t.completionRequestedAt)
      .where(sql`${t.completionRequestedAt} is not null`),
    index('tasks_search_vector_idx').using('gin', t.searchVector),
    // A search's substrings (decision 1830): LIKE on the lowercased title and description.
    index('tasks_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tasks_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    oneOf('tasks_priority_check', t.priority, PRIORITIES),
    oneOf('tasks_category_check', t.category, CATEGORIES),
    oneOf('tasks_status_check', t.status, TASK_STATUSES),
    oneOf('tasks_moderation_check', t.moderation, MODERATION_STATES),
  ],
);
