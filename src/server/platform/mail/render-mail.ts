import type { NotificationType } from '../../../shared/notifications/rules.ts';
import { accountMails } from './templates/account-mails.ts';
import { renderLayout } from './templates/layout.ts';
import { notificationMails } from './templates/notification-mails.ts';
import type { OutgoingMail } from './transport.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

type AccountMails = typeof accountMails;
type NotificationMails = typeof notificationMails;

/** Mails about the account: always sent. */
export type AccountMailRequest = {
  [K in keyof AccountMails]: { kind: K; to: string; data: Parameters<AccountMails[K]>[0] };
}[keyof AccountMails];

/** Mails that repeat a notification: for one user, about one type they can turn off. */
export type NotificationMailRequest = {
  [K in keyof NotificationMails]: {
    kind: K;
    to: string;
    userId: string;
    data: Parameters<NotificationMails[K]>[0];
  };
}[keyof NotificationMails];

export type MailRequest = AccountMailRequest | NotificationMailRequest;
export type MailKind = MailRequest['kind'];

export interface RenderContext {
  baseUrl: string;
  secret: string;
}

/** A queued mail as stored: the kind picks the template, the payload fills it. */
export interface StoredMail {
  kind: string;
  recipient: string;
  payload: unknown;
  userId: string | null;
}

/** The notification type a stored mail belongs to (null: an account mail). */
export function notificationTypeOf(mail: StoredMail): NotificationType | null {
  if (!(mail.kind in notificationMails)) return null;
  return (mail.payload as { type: NotificationType }).type;
}

/**
 * Renders a stored mail with today's templates. Notification mail carries RFC 8058
 * one-click unsubscribe headers and a link to a page that works signed out.
 */
export function renderMail(mail: StoredMail, ctx: RenderContext): OutgoingMail {
  const base = { baseUrl: ctx.baseUrl };
  if (mail.kind in accountMails) {
    const template = accountMails[mail.kind as keyof AccountMails] as (
      d: unknown,
      c: typeof base,
    ) => ReturnType<AccountMails[keyof AccountMails]>;
    return { to: mail.recipient, ...renderLayout(template(mail.payload, base)) };
  }
  const type = notificationTypeOf(mail);
  if (type && mail.userId) {
    const token = unsubscribeToken(ctx.secret, mail.userId, type);
    const oneClick = `${ctx.baseUrl}/api/unsubscribe?token=${token}`;
    const unsubscribeUrl = `${ctx.baseUrl}/unsubscribe?token=${token}`;
    const template = notificationMails[mail.kind as keyof NotificationMails] as (
      d: unknown,
      c: { baseUrl: string; unsubscribeUrl: string },
    ) => ReturnType<NotificationMails[keyof NotificationMails]>;
    return {
      to: mail.recipient,
      ...renderLayout(template(mail.payload, { ...base, unsubscribeUrl })),
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
  throw new Error(`no template for mail kind "${mail.kind}"`);
}
