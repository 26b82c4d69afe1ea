import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../../shared/notifications/rules.ts';
import { user } from './auth.ts';
import { tasks } from './tasks.ts';
import { belongsTo, oneOf, timestampNow } from './helpers.ts';

/* ---------- Notifications and which of them also come by e-mail ---------- */

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo(text('user_id'), () => user.id),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** Where it leads when it is about no one task (a saved search's browse page). */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestampNow('created_at'),
  },
  (t) => [
    index('notifications_user_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    oneOf('notifications_type_check', t.type, NOTIFICATION_TYPES),
  ],
);

/** A row per notification type a user turned e-mail off for (or back on); none: on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: belongsTo(text('user_id'), () => user.id),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    oneOf('notification_preferences_type_check', t.type, NOTIFICATION_TYPES),
  ],
);
