import { z } from 'zod';
import {
  MAILED_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  type MailedNotificationType,
} from './rules.ts';

/**
 * Whether each type is also sent by e-mail (every type is on until the person turns it off);
 * the bell-only types have no e-mail to choose.
 */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(MAILED_NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
    MailedNotificationType,
    z.ZodBoolean
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A notification as the API shows it to its one reader. */
export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** The task it is about; null once that task is deleted. */
  taskId: z.string().nullable(),
  /** Where it leads when it is about no one task (a saved search's browse page). */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
