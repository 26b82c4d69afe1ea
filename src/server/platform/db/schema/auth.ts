import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../../shared/operators/rules.ts';
import { WELCOME_GOALS } from '../../../../shared/welcome/rules.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

/* ---------- Accounts (the tables better-auth reads and writes) ---------- */

/**
 * better-auth's columns, then the person's rating on each side as a sum and a count of
 * published reviews: a review adds to them in the transaction that publishes it, and every
 * task card shows its poster's from the row it already reads for the name (no join).
 * better-auth reads and returns only the fields of its own schema, so these never reach its
 * answers, and nothing it accepts can write them.
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    clientRatingSum: integer('client_rating_sum').notNull().default(0),
    clientRatingCount: integer('client_rating_count').notNull().default(0),
    freelancerRatingSum: integer('freelancer_rating_sum').notNull().default(0),
    freelancerRatingCount: integer('freelancer_rating_count').notNull().default(0),
    // better-auth's admin plugin: the operator role (shared/operators/rules.ts) and a ban,
    // which refuses every sign-in until it expires (a suspension) or for good.
    role: text('role', { enum: ROLES }).notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /**
     * A read-only limit: until this instant the person reads but cannot post, bid, ask,
     * message or review (route-auth.ts checks it on every route marked `writes`). Past it
     * the limit is over, whether or not the `limits-ended` job has cleared it yet.
     */
    limitedUntil: timestamp('limited_until', { withTimezone: true }),
    /**
     * The welcome of a new account: what brought them ('hire' or 'earn', null when skipped),
     * and when it was answered or skipped (null while it is still to be shown).
     */
    goal: text('goal'),
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
  },
  (t) => [oneOf('user_role_check', t.role, ROLES), oneOf('user_goal_check', t.goal, WELCOME_GOALS)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: belongsTo(text('user_id'), () => user.id),
    /** The operator behind an impersonating session (read-only, logged). */
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: belongsTo(text('user_id'), () => user.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestampNow('created_at'),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
