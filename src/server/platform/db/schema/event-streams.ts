import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampNow } from './helpers.ts';

/**
 * The event streams open on every instance, so that the limits per user and per address hold
 * across instances (server/events/stream-limits.ts). A row lives as long as its stream; an
 * instance that stops without closing its streams leaves rows its peers remove once they have
 * not been seen for a while.
 */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: uuid('id').primaryKey(),
    /** The order streams opened in: the oldest are closed first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The instance holding it (a random id per start). */
    instanceId: text('instance_id').notNull(),
    userId: text('user_id').notNull(),
    address: text('address').notNull(),
    /** Refreshed by its instance at every heartbeat. */
    seenAt: timestampNow('seen_at'),
  },
  (t) => [
    index('event_streams_user_idx').on(t.userId, t.seq),
    index('event_streams_address_idx').on(t.address, t.seq),
    index('event_streams_instance_idx').on(t.instanceId),
    index('event_streams_seen_idx').on(t.seenAt),
  ],
);
