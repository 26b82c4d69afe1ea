import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { MODERATION_STATES } from '../../../../shared/operators/rules.ts';
import { user } from './auth.ts';
import { moderationRule, moderationState, oneOf, timestampNow } from './helpers.ts';

/**
 * What a person writes on their public profile beyond their account (their ratings are
 * kept on the `user` row).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestampNow('updated_at'),
    /** Held, removed or limited by moderation (null: shown); its author still sees it. */
    moderation: moderationState('moderation'),
    moderationRule: moderationRule('moderation_rule'),
  },
  (t) => [oneOf('profiles_moderation_check', t.moderation, MODERATION_STATES)],
);
