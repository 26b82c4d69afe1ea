import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '../../shared/notifications.ts';

/**
 * A link that turns one type of e-mail off for one person without signing in: the user id
 * and type, signed with the server's secret. It never expires and changes nothing else.
 */
export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  const body = Buffer.from(JSON.stringify([userId, type])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The person and type a token names, or null when it is malformed or not ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: NotificationType } | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [userId, type] = value as unknown[];
    if (typeof userId !== 'string' || !NOTIFICATION_TYPES.includes(type as NotificationType))
      return null;
    return { userId, type: type as NotificationType };
  } catch {
    return null;
  }
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}
