import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '../../../shared/notifications/schema.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { NOTIFICATION_NOT_FOUND } from '../../../shared/messages.ts';
import { notFound } from '../../platform/http/errors.ts';
import { countedPage, mapPage, pageOffset } from '../../platform/db/paging.ts';
import { notifications } from '../../platform/db/schema.ts';
import { notificationColumns } from './columns.ts';

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
        link: r.link,
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
