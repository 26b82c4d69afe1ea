import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationType } from '../../shared/notifications.ts';
import { notificationPreferences, user } from '../db/schema.ts';
import { enqueueMail, queueNewBidMail, type MailTx } from './outbox.ts';

/** A notification as its e-mail needs it. */
export interface NotificationForMail {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  taskId: string | null;
  newBid?: { taskTitle: string; name: string; amount: number; message: string | null };
}

/**
 * Queues the e-mail of each notification whose reader has not turned its type off, in the
 * transaction that wrote them. A new bid joins its task's coalesced "new bids" mail; every
 * other notification is one mail. (The worker checks the preference again when sending.)
 */
export async function queueNotificationMails(tx: MailTx, list: NotificationForMail[]) {
  const ids = [...new Set(list.map((n) => n.userId))];
  if (ids.length === 0) return;
  const readers = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  const off = await tx
    .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, ids), eq(notificationPreferences.email, false)),
    );
  const address = new Map(readers.map((r) => [r.id, r.email]));
  const turnedOff = new Set(off.map((o) => `${o.userId} ${o.type}`));

  for (const n of list) {
    const to = address.get(n.userId);
    if (!to || turnedOff.has(`${n.userId} ${n.type}`)) continue;
    if (n.type === 'bid.received' && n.newBid && n.taskId) {
      const { taskTitle, ...bid } = n.newBid;
      await queueNewBidMail(tx, { to, userId: n.userId, taskId: n.taskId, taskTitle, bid });
      continue;
    }
    await enqueueMail(tx, {
      kind: 'notification',
      to,
      userId: n.userId,
      data: { type: n.type, title: n.title, body: n.body, taskId: n.taskId },
    });
  }
}
