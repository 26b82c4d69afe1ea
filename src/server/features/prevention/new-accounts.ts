import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { bids, messages, tasks, user } from '../../platform/db/schema.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import type { ModerationRules } from '../../platform/moderation-settings.ts';

/** An account is new for its first day: it posts within the limits of the settings. */
export const NEW_ACCOUNT_HOURS = 24;
const NEW_MS = NEW_ACCOUNT_HOURS * 60 * 60 * 1000;

/** What a new account posts, and how the refusal says it. */
const KINDS = {
  tasks: { verb: 'post', one: 'task', many: 'tasks', table: tasks, by: tasks.ownerId },
  bids: { verb: 'place', one: 'bid', many: 'bids', table: bids, by: bids.bidderId },
  messages: {
    verb: 'send',
    one: 'message',
    many: 'messages',
    table: messages,
    by: messages.senderId,
  },
} as const;
export type NewAccountKind = keyof typeof KINDS;

const LINK = /\bhttps?:\/\/|\bwww\./i;

/** "28 Nov, 14:05 UTC": when the account stops being new. */
function when(at: Date): string {
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${day}, ${time} UTC`;
}

export function linkRefusal(n: number): string {
  return `Links can't be sent in your first ${n === 1 ? 'message' : `${n} messages`}. Describe it in words for now: links can be sent from your ${ordinal(n + 1)} message, or once your account is a day old.`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/**
 * Refuses what an account under a day old posts past the settings' allowance for its first
 * day (429), and a link in its first messages (400 on the `body.body` field). The one check
 * of the new-account limits: each create path calls it in its transaction. An account past
 * the limit waits; the account's row is locked meanwhile, so two posts at once count apart.
 */
export async function checkNewAccount(
  tx: Db,
  rules: ModerationRules,
  userId: string,
  kind: NewAccountKind,
  text?: string,
): Promise<void> {
  if (!rules.newAccountLimits) return;
  const [account] = await tx
    .select({ createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  if (!account || Date.now() - account.createdAt.getTime() >= NEW_MS) return;
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
  const { verb, one, many, table, by } = KINDS[kind];
  const [posted] = await tx.select({ n: count() }).from(table).where(eq(by, userId));
  const n = posted?.n ?? 0;
  const allowed = rules.settings.newAccount[kind];
  if (n >= allowed) {
    const until = new Date(account.createdAt.getTime() + NEW_MS);
    const what = allowed === 0 ? `no ${many}` : `${allowed} ${allowed === 1 ? one : many}`;
    throw new HttpError(
      429,
      `New accounts can ${verb} ${what} in their first day. You can ${verb} more from ${when(until)}.`,
      'NEW_ACCOUNT_LIMIT',
    );
  }
  const linkFree = rules.settings.newAccount.linkFreeMessages;
  if (kind === 'messages' && text && n < linkFree && LINK.test(text)) {
    const message = linkRefusal(linkFree);
    throw badRequest(message, 'LINKS_NOT_YET', [{ path: 'body.body', message }]);
  }
}
