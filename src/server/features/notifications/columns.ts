import { notifications } from '../../platform/db/schema.ts';

/** A notification as its owner reads it. */
export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  taskId: notifications.taskId,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
