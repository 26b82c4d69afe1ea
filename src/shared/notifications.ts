import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'bid.received',
  'bid.accepted',
  'bid.declined',
  'assignment.cancelled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
