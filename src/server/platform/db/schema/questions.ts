import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, moderationRule, moderationState, oneOf, timestampNow } from './helpers.ts';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';

/* ---------- Questions on a task ---------- */

/**
 * Public questions on a task, newest first, with the owner's one answer. `hiddenAt`: the
 * owner hid it (only the owner and its asker still see it).
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: belongsTo(uuid('task_id'), () => tasks.id),
    askerId: belongsTo(text('asker_id'), () => user.id),
    text: text('text').notNull(),
    answer: text('answer'),
    /** When the answer was first given: it may be changed for a while after. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerEditedAt: timestamp('answer_edited_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
    /** The same for the answer (its author is the task's owner). */
    answerModeration: moderationState('answer_moderation'),
    answerModerationRule: moderationRule('answer_moderation_rule'),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('questions_task_created_at_idx').on(t.taskId, t.createdAt.desc(), t.id.desc()),
    index('questions_asker_idx').on(t.askerId),
    oneOf('questions_moderation_check', t.moderation, MODERATION_STATES),
    oneOf('questions_answer_moderation_check', t.answerModeration, MODERATION_STATES),
  ],
);
