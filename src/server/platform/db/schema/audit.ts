import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './helpers.ts';

/**
 * Every operator action and role change, one row each, written in the transaction of the
 * action (platform/audit.ts). Insert-only: the database itself refuses UPDATE, DELETE and
 * TRUNCATE (a trigger in the migration). Ids are kept without foreign keys, so an erased
 * account's rows stay what they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestampNow('at'),
    /** Null for the command line (`npm run admin`). */
    actorId: text('actor_id'),
    /** The actor's role when acting ('console' for the command line). */
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
