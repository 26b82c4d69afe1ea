import type { NotificationType } from '../../../shared/notifications/rules.ts';
import { accountMails } from './templates/account-mails.ts';
import { alertMails } from './templates/alert-mails.ts';
import { renderLayout } from './templates/layout.ts';
import { notificationMails } from './templates/notification-mails.ts';
import type { OutgoingMail } from './transport.ts';
import { savedSearchUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

type AccountMails = typeof accountMails;
type NotificationMails = typeof notificationMails;
type AlertMails = typeof alertMails;

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

/** Task alert mails: for one user, each about saved searches they can turn e-mail off for. */
export type AlertMailRequest = {
  [K in keyof AlertMails]: {
    kind: K;
    to: string;
    userId: string;
    data: Parameters<AlertMails[K]>[0];
  };
}[keyof AlertMails];

export type MailRequest = AccountMailRequest | NotificationMailRequest | AlertMailRequest;
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
  if (mail.kind in alertMails && mail.userId) return renderAlertMail(mail, mail.userId, ctx);
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

/**
 * A task alert mail: its one-click header and footer link turn e-mail off for every saved
 * search it lists, the link under each search for that search alone.
 */
function renderAlertMail(mail: StoredMail, userId: string, ctx: RenderContext): OutgoingMail {
  const data = mail.payload as Parameters<AlertMails['task-alerts']>[0];
  const tokenFor = (ids: string[]) => savedSearchUnsubscribeToken(ctx.secret, userId, ids);
  const all = tokenFor(data.searches.map((s) => s.id));
  const page = (token: string) => `${ctx.baseUrl}/alerts/unsubscribe?token=${token}`;
  const content = alertMails['task-alerts'](data, {
    baseUrl: ctx.baseUrl,
    unsubscribeUrl: page(all),
    unsubscribeUrlFor: (id) => page(tokenFor([id])),
  });
  return {
    to: mail.recipient,
    ...renderLayout(content),
    headers: {
      'List-Unsubscribe': `<${ctx.baseUrl}/api/alerts/unsubscribe?token=${all}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
