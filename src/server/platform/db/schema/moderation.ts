import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPEAL_STATES,
  CASE_STATES,
  REPORT_SOURCES,
  REPORT_TARGETS,
  RULE_IDS,
  STATEMENT_ACTIONS,
} from '../../../../shared/operators/rules.ts';
import { user } from './auth.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

/* ---------- Reports and the review queue ---------- */

/**
 * One item of the review queue: a reported thing (a task, a question, an answer, a bid, a
 * message, a review, a profile) while it waits for an operator, then their decision. A thing
 * has at most one open case; reports of it add to its score (each report's weight).
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    /** Who wrote the reported thing (null once their account is erased). */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    score: real('score').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    status: text('status', { enum: CASE_STATES }).notNull().default('open'),
    assignedTo: text('assigned_to').references(() => user.id, { onDelete: 'set null' }),
    openedAt: timestampNow('opened_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    // Reports of one thing at once all land on its one open case.
    uniqueIndex('moderation_cases_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('moderation_cases_queue_idx')
      .on(t.score.desc(), t.openedAt)
      .where(sql`${t.status} = 'open'`),
    index('moderation_cases_author_idx').on(t.authorId),
    oneOf('moderation_cases_target_type_check', t.targetType, REPORT_TARGETS),
    oneOf('moderation_cases_status_check', t.status, CASE_STATES),
  ],
);

/**
 * A person's report of a thing: one per person and thing, with what the thing said when it
 * was reported (`snapshot`), so a later edit cannot hide it.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    /** Null once the reporter's account is erased (the case keeps its weight). */
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    /** `system` for what the server files itself (a watched word, contact details): no reporter. */
    source: text('source', { enum: REPORT_SOURCES }).notNull().default('person'),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    category: text('category', { enum: RULE_IDS }).notNull(),
    comment: text('comment').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    weight: real('weight').notNull(),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    uniqueIndex('reports_once_per_person_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_case_idx').on(t.caseId, t.createdAt),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    oneOf('reports_target_type_check', t.targetType, REPORT_TARGETS),
    oneOf('reports_category_check', t.category, RULE_IDS),
    oneOf('reports_source_check', t.source, REPORT_SOURCES),
    check('reports_system_has_no_reporter', sql`${t.source} = 'person' or ${t.reporterId} is null`),
  ],
);

/**
 * A statement of reasons: what an operator did about a person (warned, limited, suspended,
 * banned them, or upheld a report of what they wrote), the rule, the operator's reason and
 * until when, as the person reads it under Account notices; then their one appeal and its
 * outcome. The operator ids carry no foreign key (like the audit log's).
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo(text('user_id'), () => user.id),
    action: text('action', { enum: STATEMENT_ACTIONS }).notNull(),
    rule: text('rule', { enum: RULE_IDS }).notNull(),
    reason: text('reason').notNull(),
    until: timestamp('until', { withTimezone: true }),
    /** The operator who acted (null: the command line). */
    actorId: text('actor_id'),
    /** The queue item behind a `content` statement. */
    caseId: uuid('case_id').references(() => moderationCases.id, { onDelete: 'set null' }),
    createdAt: timestampNow('created_at'),
    appealState: text('appeal_state', { enum: APPEAL_STATES }),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
    appealDecidedBy: text('appeal_decided_by'),
    appealDecisionReason: text('appeal_decision_reason'),
  },
  (t) => [
    index('statements_user_idx').on(t.userId, t.createdAt),
    index('statements_open_appeals_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealState} = 'open'`),
    oneOf('statements_action_check', t.action, STATEMENT_ACTIONS),
    oneOf('statements_rule_check', t.rule, RULE_IDS),
    oneOf('statements_appeal_state_check', t.appealState, APPEAL_STATES),
  ],
);

/**
 * The moderation settings admins edit (one row, id 1): the JSON of `moderationSettingsSchema`,
 * read through `readModerationSettings`. `version` grows with each save, so each instance
 * compiles the watched words once per version.
 */
export const moderationSettings = pgTable(
  'moderation_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [check('moderation_settings_one_row', sql`${t.id} = 1`)],
);
