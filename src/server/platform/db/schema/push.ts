import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { belongsTo, timestampNow } from './helpers.ts';

/* ---------- Web push: one row per browser that turned alerts on ---------- */

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo(text('user_id'), () => user.id),
    /** The push service's URL for this browser (a capability: whoever holds it may post). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url): payloads are encrypted to them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestampNow('created_at'),
    /** When a push service last accepted a message for it (null: none yet). */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    // One row a browser: subscribing again (or as someone else) replaces it.
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);
