import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'bid.received',
  'bid.accepted',
  'bid.declined',
  'assignment.cancelled',
  'task.completed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What each type is about, as settings and e-mails name it. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'bid.received': 'New bids on my tasks',
  'bid.accepted': 'My bid was accepted',
  'bid.declined': 'My bid was declined',
  'assignment.cancelled': 'My assignment was cancelled',
  'task.completed': 'Work I did was marked completed',
};

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
