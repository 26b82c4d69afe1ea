import { notifications } from './db/schema.ts';
import type { EventPublisher } from './events/bus.ts';
import { queueNotificationMails, type NotificationForMail } from './mail/notification-mail.ts';
import type { MailTx } from './mail/outbox.ts';

/** A notification to write; its e-mail is queued with it. */
export type NewNotification = NotificationForMail;

/**
 * Writes notifications inside the caller's transaction, queues their e-mails (to verified
 * addresses, for the types each reader has not turned off, within the hourly allowance of
 * `causedBy`, the person whose action this was) and announces each reader, so the bell of
 * every open tab updates and the mail goes when (and only if) the transaction commits.
 */
export async function notify(
  tx: MailTx,
  events: EventPublisher,
  list: NewNotification[],
  causedBy: string | null = null,
) {
  if (list.length === 0) return;
  await tx.insert(notifications).values(list.map(({ newBid: _b, newQuestion: _q, ...row }) => row));
  await queueNotificationMails(tx, list, causedBy);
  for (const userId of new Set(list.map((n) => n.userId))) {
    await events.publish(tx, { type: 'notification', userId });
  }
}
