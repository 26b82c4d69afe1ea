import { eq, sql } from 'drizzle-orm';
import { type NotificationPreferences } from '../../../shared/notifications/schema.ts';
import {
  MAILED_NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../shared/notifications/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { notificationPreferences, user } from '../../platform/db/schema.ts';

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
        MAILED_NOTIFICATION_TYPES.map((type) => [type, set.get(type) ?? true]),
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
