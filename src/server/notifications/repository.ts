import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '../../shared/notifications.ts';
import type { Page } from '../../shared/paging.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { NOTIFICATION_NOT_FOUND } from '../../shared/messages.ts';
import { notFound } from '../http/errors.ts';
import { countedPage, mapPage, pageOffset } from '../db/paging.ts';
import { notifications } from '../db/schema.ts';
import type { EventBus } from '../events/bus.ts';
import { queueNotificationMails, type NotificationForMail } from '../mail/notification-mail.ts';
import type { MailTx } from '../mail/outbox.ts';
import { notificationColumns } from '../db/columns.ts';

/** A notification to write; its e-mail is queued with it. */
export type NewNotification = NotificationForMail;

/**
 * Writes notifications inside the caller's transaction, queues their e-mails (for the types
 * each reader has not turned off) and announces each reader, so the bell of every open tab
 * updates and the mail goes when (and only if) the transaction commits.
 */
export async function notify(tx: MailTx, events: EventBus, list: NewNotification[]) {
  if (list.length === 0) return;
  await tx.insert(notifications).values(list.map(({ newBid: _, ...row }) => row));
  await queueNotificationMails(tx, list);
  for (const userId of new Set(list.map((n) => n.userId))) {
    await events.publish(tx, { type: 'notification', userId });
  }
}

export function createNotificationRepository(db: Db) {
  return {
    /** One page of the user's notifications, newest first, and how many there are. */
    async list(userId: string, page: number, limit: number): Promise<Page<Notification>> {
      const mine = eq(notifications.userId, userId);
      const found = await countedPage(
        { page, limit },
        db
          .select(notificationColumns)
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(pageOffset({ page, limit })),
        db.select({ n: count() }).from(notifications).where(mine),
      );
      return mapPage(found, (r) => ({
        _id: r.id,
        type: r.type,
        title: r.title,
        body: r.body,
        taskId: r.taskId,
        read: r.readAt !== null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks one of the user's notifications read; 404 when it is not theirs or not there. */
    async markRead(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(NOTIFICATION_NOT_FOUND);
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (rows.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
    },

    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
