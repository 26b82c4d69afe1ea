import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './helpers.ts';

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: timestampNow('created_at'),
});
