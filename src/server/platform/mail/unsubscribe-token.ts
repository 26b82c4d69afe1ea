import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MAILED_NOTIFICATION_TYPES,
  type MailedNotificationType,
  type NotificationType,
} from '../../../shared/notifications/rules.ts';

/**
 * A link that turns one type of e-mail off for one person without signing in: the user id
 * and type, signed with the server's secret. It never expires and changes nothing else.
 */
export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  const body = Buffer.from(JSON.stringify([userId, type])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The person and type a token names, or null when it is malformed, not ours, or of no mail. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: MailedNotificationType } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [userId, type] = value as unknown[];
    const mailed = MAILED_NOTIFICATION_TYPES.find((t) => t === type);
    if (typeof userId !== 'string' || !mailed) return null;
    return { userId, type: mailed };
  } catch {
    return null;
  }
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}
