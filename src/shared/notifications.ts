import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notification-types.ts';

export {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from './notification-types.ts';

/** Whether each type is also sent by e-mail (every type is on until the person turns it off). */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
    NotificationType,
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
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
