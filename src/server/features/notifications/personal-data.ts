import { desc, eq } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { notificationPreferences, notifications } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';
import { notificationColumns } from './columns.ts';

/** A person's notifications and which kinds they get by e-mail. */
export const notificationPersonalData: PersonalData = {
  tables: [notifications, notificationPreferences],
  async export(db, userId) {
    const mine = await db
      .select(notificationColumns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt));
    const preferences = await db
      .select(columnsOf(notificationPreferences, 'type', 'email'))
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return { notifications: mine, emailPreferences: preferences };
  },
  async erase(tx, userId) {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  },
};
