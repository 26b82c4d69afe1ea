import { and, asc, eq, inArray, lt, min, or } from 'drizzle-orm';
import {
  lastDigestSlot,
  MAIL_TASKS_PER_SEARCH,
  type DigestFrequency,
} from '../../../shared/alerts/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { savedSearches } from '../../platform/db/schema.ts';
import { queueAlertMail, type MatchedSearch } from './alert-mail.ts';
import { ALERT_SETTLE_MS } from './job.ts';
import { matchTasks } from './match.ts';

/** People whose digests one transaction sends; a run goes on with more up to DIGEST_ROUNDS. */
export const DIGEST_BATCH = 50;
const DIGEST_ROUNDS = 20;

/** One person's digest a run looked at: what each due search matched, and if a mail went. */
export interface DigestRun {
  userId: string;
  searches: { savedSearchId: string; taskIds: string[] }[];
  mailed: boolean;
}

/**
 * Daily and weekly digests: at the digest hour (`lastDigestSlot`), each person with a search
 * whose digest is due gets ONE mail listing every such search that matched anything (the
 * open tasks created since that search's last digest, in browse's order, the first
 * MAIL_TASKS_PER_SEARCH of each). Nothing matched: no mail, but the watermarks move on.
 *
 * Safe on every instance at once: a batch locks the due searches of its people in id order
 * (SELECT … FOR UPDATE), so whoever locks a person's first search holds all of them until
 * its transaction commits; a run that waited re-reads them, finds the watermarks moved and
 * leaves them, and the one order means two runs never wait on each other in a circle.
 */
export async function sendDigests(
  db: Db,
  now = new Date(),
  settleMs = ALERT_SETTLE_MS,
): Promise<DigestRun[]> {
  const until = new Date(now.getTime() - settleMs);
  const behind = (frequency: DigestFrequency) =>
    and(
      eq(savedSearches.frequency, frequency),
      lt(savedSearches.matchedUntil, lastDigestSlot(frequency, until)),
    );
  const due = or(behind('daily'), behind('weekly'));
  const runs: DigestRun[] = [];
  for (let round = 0; round < DIGEST_ROUNDS; round++) {
    const batch = await db.transaction(async (tx) => {
      const people = tx
        .select({ userId: savedSearches.userId })
        .from(savedSearches)
        .where(due)
        .groupBy(savedSearches.userId)
        .orderBy(min(savedSearches.matchedUntil))
        .limit(DIGEST_BATCH);
      const claimed = await tx
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          name: savedSearches.name,
          criteria: savedSearches.criteria,
          frequency: savedSearches.frequency,
          matchedUntil: savedSearches.matchedUntil,
        })
        .from(savedSearches)
        .where(and(inArray(savedSearches.userId, people), due))
        .orderBy(asc(savedSearches.id))
        .for('update');
      const byPerson = new Map<string, typeof claimed>();
      for (const s of claimed) byPerson.set(s.userId, [...(byPerson.get(s.userId) ?? []), s]);
      const done: DigestRun[] = [];
      for (const [userId, searches] of byPerson) {
        const matched: MatchedSearch[] = [];
        for (const search of searches) {
          const found = await matchTasks(
            tx,
            search,
            search.matchedUntil,
            until,
            MAIL_TASKS_PER_SEARCH,
          );
          matched.push({ ...search, matched: found });
          await tx
            .update(savedSearches)
            .set({
              matchedUntil: until,
              checkedAt: now,
              ...(found.total > 0 ? { alertedAt: now } : {}),
            })
            .where(eq(savedSearches.id, search.id));
        }
        const frequency = searches.some((s) => s.frequency === 'daily') ? 'daily' : 'weekly';
        const mailed = await queueAlertMail(tx, userId, frequency, matched);
        done.push({
          userId,
          mailed,
          searches: matched.map((s) => ({
            savedSearchId: s.id,
            taskIds: s.matched.tasks.map((task) => task.id),
          })),
        });
      }
      return done;
    });
    runs.push(...batch);
    if (batch.length < DIGEST_BATCH) break;
  }
  return runs;
}
