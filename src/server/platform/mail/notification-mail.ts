import { and, eq, inArray } from 'drizzle-orm';
import { BELL_ONLY_TYPES, type NotificationType } from '../../../shared/notifications/rules.ts';
import { notificationPreferences, user } from '../db/schema.ts';
import { enqueueMail, mailsLeftFor, queueListedMail, type MailTx } from './outbox.ts';

/** A notification as its e-mail needs it. */
export interface NotificationForMail {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  taskId: string | null;
  /** Where it leads when it is about no one task (notifications.link). */
  link?: string | null;
  newBid?: { taskTitle: string; name: string; amount: number; message: string | null };
  newQuestion?: { taskTitle: string; name: string; text: string };
}

/**
 * Queues the e-mail of each notification whose reader has a verified address and has not
 * turned its type off, in the transaction that wrote them (bell-only kinds have none). A new bid or question joins its
 * task's listed mail; every other notification is one mail. `causedBy` is the person whose
 * action this was: the mails it causes to others count against their hourly allowance, and
 * past it the notifications stay in the app only. (The worker checks the preference again
 * when sending.)
 */
export async function queueNotificationMails(
  tx: MailTx,
  list: NotificationForMail[],
  causedBy: string | null = null,
) {
  const mailed = list.filter((n) => !BELL_ONLY_TYPES.includes(n.type));
  const ids = [...new Set(mailed.map((n) => n.userId))];
  if (ids.length === 0) return;
  const readers = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(inArray(user.id, ids), eq(user.emailVerified, true)));
  if (readers.length === 0) return;
  const off = await tx
    .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, ids), eq(notificationPreferences.email, false)),
    );
  const address = new Map(readers.map((r) => [r.id, r.email]));
  const turnedOff = new Set(off.map((o) => `${o.userId} ${o.type}`));
  let left = causedBy ? await mailsLeftFor(tx, causedBy) : Infinity;

  for (const n of mailed) {
    const to = address.get(n.userId);
    if (!to || turnedOff.has(`${n.userId} ${n.type}`)) continue;
    // Mail about one's own doing is not counted; mail to others stops at the allowance.
    const counted = causedBy !== null && causedBy !== n.userId ? causedBy : null;
    if (counted && left <= 0) continue;
    const queued = await queueOne(tx, to, n, counted);
    if (counted && queued) left--;
  }
}

/** Queues one notification's mail; true when a mail was added (not joined to a queued one). */
async function queueOne(
  tx: MailTx,
  to: string,
  n: NotificationForMail,
  causedBy: string | null,
): Promise<boolean> {
  const listed = { to, userId: n.userId, causedBy };
  if (n.type === 'bid.received' && n.newBid && n.taskId) {
    const { taskTitle, ...item } = n.newBid;
    return queueListedMail(tx, { ...listed, kind: 'new-bids', taskId: n.taskId, taskTitle, item });
  }
  if (n.type === 'question.asked' && n.newQuestion && n.taskId) {
    const { taskTitle, ...item } = n.newQuestion;
    return queueListedMail(tx, {
      ...listed,
      kind: 'new-questions',
      taskId: n.taskId,
      taskTitle,
      item,
    });
  }
  await enqueueMail(
    tx,
    {
      kind: 'notification',
      to,
      userId: n.userId,
      data: { type: n.type, title: n.title, body: n.body, taskId: n.taskId },
    },
    causedBy,
  );
  return true;
}
