import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PUSH_DEVICE_LIMIT, PUSH_MESSAGES } from '../../../shared/push/rules.ts';
import type { PushDevice, PushSubscriptionInput } from '../../../shared/push/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { pushSubscriptions, user } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/errors.ts';

type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    _id: row.id,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/** The browsers a person turned alerts on in: each write is of the caller's own rows only. */
export function createPushRepository(db: Db) {
  return {
    /**
     * Keeps one browser's subscription for the person. The endpoint is the browser's: the
     * same one again (new keys, or another person now signed in there) replaces the row. Past
     * PUSH_DEVICE_LIMIT, the person's devices that went longest without a delivery are
     * forgotten. The person's row is locked first, so concurrent subscriptions count in turn.
     */
    async subscribe(userId: string, input: PushSubscriptionInput): Promise<PushDevice> {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
        const fields = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ endpoint: input.endpoint, ...fields })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...fields, createdAt: sql`now()`, lastSuccessAt: null },
          })
          .returning();
        if (!row) throw new Error('push subscription upsert returned no row');
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(
            desc(sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt})`),
            desc(pushSubscriptions.id),
          )
          .limit(PUSH_DEVICE_LIMIT);
        await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.userId, userId),
              notInArray(pushSubscriptions.id, kept),
              sql`${pushSubscriptions.id} <> ${row.id}`,
            ),
          );
        return toDevice(row);
      });
    },

    /** Turns alerts off on one of the person's browsers; 404 for anyone else's (or none). */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      if (rows.length === 0) throw notFound(PUSH_MESSAGES.notFound);
    },
  };
}

/** Every subscription of these people (for a delivery). */
export function subscriptionsOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]));
}

/** The push service took a message for it. */
export async function markDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * The push service said the subscription is gone: forget it, unless the browser subscribed
 * again meanwhile (new keys on the same endpoint).
 */
export async function forgetSubscription(db: Db, id: string, p256dh: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.p256dh, p256dh)));
}
