import { and, eq } from 'drizzle-orm';
import { browsePath, type SavedCriteria } from '../../../shared/alerts/rules.ts';
import { user } from '../../platform/db/schema.ts';
import { enqueueMail, type MailTx } from '../../platform/mail/outbox.ts';
import type { AlertMailSearch } from '../../platform/mail/templates/alert-mails.ts';
import type { Matched } from './match.ts';

/** A saved search and what it matched, as its mail section is made of. */
export interface MatchedSearch {
  id: string;
  name: string;
  criteria: SavedCriteria;
  matched: Matched;
}

/**
 * Queues one task alert mail to `userId` listing `searches` (those that matched anything),
 * in the caller's transaction. Only a verified address is mailed, as with notification
 * mails. Resolves true when a mail was queued.
 */
export async function queueAlertMail(
  tx: MailTx,
  userId: string,
  frequency: 'instant' | 'daily' | 'weekly',
  searches: MatchedSearch[],
): Promise<boolean> {
  const listed: AlertMailSearch[] = searches
    .filter((s) => s.matched.total > 0)
    .map((s) => ({
      id: s.id,
      name: s.name,
      path: browsePath(s.criteria),
      total: s.matched.total,
      tasks: s.matched.tasks,
    }));
  if (listed.length === 0) return false;
  const [reader] = await tx
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
  if (!reader) return false;
  await enqueueMail(tx, {
    kind: 'task-alerts',
    to: reader.email,
    userId,
    data: { frequency, searches: listed },
  });
  return true;
}
