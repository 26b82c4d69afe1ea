import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { timestampNow } from './helpers.ts';

/**
 * What a person writes on their public profile beyond their account (their ratings are
 * kept on the `user` row).
 */
export const profiles = pgTable('profiles', {
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
});
