/**
 * The database schema: every table (and `MAIL_STATES`), one file per domain under `schema/`.
 * Import tables from here, never from `schema/`: this is the module drizzle-kit reads
 * (drizzle.config.ts) and the database client passes whole (`import * as schema`).
 */
export * from './schema/auth.ts';
export * from './schema/tasks.ts';
export * from './schema/bids.ts';
export * from './schema/newsletter.ts';
export * from './schema/notifications.ts';
export * from './schema/threads.ts';
export * from './schema/profiles.ts';
export * from './schema/reviews.ts';
export * from './schema/questions.ts';
export * from './schema/mail.ts';
export * from './schema/rate-limits.ts';
export * from './schema/event-streams.ts';
export * from './schema/import.ts';
export * from './schema/audit.ts';
export * from './schema/moderation.ts';
export * from './schema/photos.ts';
export * from './schema/ledger.ts';
export * from './schema/alerts.ts';
export * from './schema/push.ts';
export * from './schema/blocks.ts';
export * from './schema/deals.ts';
export * from './schema/payment-provider.ts';
