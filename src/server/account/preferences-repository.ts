import { eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '../../shared/notifications.ts';
import type { Db } from '../db/client.ts';
import { notificationPreferences, user } from '../db/schema.ts';

/** Which notification types a person also gets by e-mail (all of them until turned off). */
export function createPreferencesRepository(db: Db) {
  return {
    async get(userId: string): Promise<NotificationPreferences> {
      const rows = await db
        .select({ type: notificationPreferences.type, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      const set = new Map(rows.map((r) => [r.type, r.email]));
      return Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, set.get(type) ?? true]),
      ) as NotificationPreferences;
    },

    /** Sets the types named; the others keep their setting. False when no such account. */
    async set(userId: string, changes: Partial<NotificationPreferences>): Promise<boolean> {
      const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
      if (!exists) return false;
      const rows = (Object.entries(changes) as [NotificationType, boolean][]).map(
        ([type, email]) => ({ userId, type, email }),
      );
      if (rows.length === 0) return true;
      await db
        .insert(notificationPreferences)
        .values(rows)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { email: sql`excluded.email`, updatedAt: sql`now()` },
        });
      return true;
    },
  };
}
