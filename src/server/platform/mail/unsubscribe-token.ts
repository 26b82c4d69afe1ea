import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MAILED_NOTIFICATION_TYPES,
  type MailedNotificationType,
  type NotificationType,
} from '../../../shared/notifications/rules.ts';

/*
 * Links that turn an e-mail off for one person without signing in: what they name, signed
 * with the server's secret. They never expire and change nothing else.
 */

/** A link that turns one type of notification e-mail off: the user id and the type. */
export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  return signed(secret, [userId, type]);
}

/** The person and type a token names, or null when it is malformed, not ours, or of no mail. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: MailedNotificationType } | null {
  const value = readSigned(secret, token);
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [userId, type] = value as unknown[];
  const mailed = MAILED_NOTIFICATION_TYPES.find((t) => t === type);
  if (typeof userId !== 'string' || !mailed) return null;
  return { userId, type: mailed };
}

/** A link that turns e-mail off for some of one person's saved searches (a task alert's). */
export function savedSearchUnsubscribeToken(
  secret: string,
  userId: string,
  searchIds: readonly string[],
): string {
  return signed(secret, ['saved-searches', userId, searchIds]);
}

/** The person and saved searches a task alert's token names, or null. */
export function readSavedSearchUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; searchIds: string[] } | null {
  const value = readSigned(secret, token);
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [kind, userId, ids] = value as unknown[];
  if (kind !== 'saved-searches' || typeof userId !== 'string' || !Array.isArray(ids)) return null;
  if (ids.length === 0 || !ids.every((id): id is string => typeof id === 'string')) return null;
  return { userId, searchIds: ids };
}

function signed(secret: string, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** What a token of ours says, or null when it is malformed or its signature is not ours. */
function readSigned(secret: string, token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}
