import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import {
  ALERT_EVERY_MINUTES,
  alertTitle,
  browsePath,
  type AlertChannel,
  MAIL_TASKS_PER_SEARCH,
  type SavedCriteria,
} from '../../../shared/alerts/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { savedSearches } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { MailTx } from '../../platform/mail/outbox.ts';
import { notify } from '../../platform/notify.ts';
import { queueAlertMail } from './alert-mail.ts';
import { matchTasks } from './match.ts';

/** Saved searches one run claims (each run of every instance claims its own). */
export const ALERT_BATCH = 100;
/** New tasks the bell's alert counts at most ("50+ new tasks"). */
export const ALERT_MATCH_CAP = 50;
/**
 * A task counts once this long has passed since it was written: a task whose transaction
 * began before a run and committed after it is not skipped by the moving watermark.
 */
export const ALERT_SETTLE_MS = 5_000;

/** One saved search a run looked at, and the tasks it matched (the first, in browse's order). */
export interface AlertMatch {
  savedSearchId: string;
  /** The first MAIL_TASKS_PER_SEARCH matches, in browse's order. */
  taskIds: string[];
  /** How many matched in all. */
  total: number;
  userId: string;
  /** Where its alert goes: the bell and e-mail (written in the run), push (sent after it). */
  channels: AlertChannel[];
  /** Browse with the search's criteria. */
  link: string;
}

/**
 * Instant alerts: each saved search set to Instant whose last alert is at least
 * ALERT_EVERY_MINUTES old is matched against the tasks created since its watermark. In the
 * app, one notification says how many match and links to browse with its criteria; by
 * e-mail, one mail lists the first MAIL_TASKS_PER_SEARCH of them (the two go together).
 * Safe on every instance at once: the claiming UPDATE locks each search until the run's
 * transaction commits, and a concurrent run that waited sees the moved watermark (or the new
 * alert time) and leaves it. A search inside its quiet time is not claimed, so its watermark
 * stays and the next alert counts everything since.
 */
export async function sendInstantAlerts(
  db: Db,
  events: EventBus,
  now = new Date(),
  settleMs = ALERT_SETTLE_MS,
): Promise<AlertMatch[]> {
  const until = new Date(now.getTime() - settleMs);
  const quietSince = new Date(now.getTime() - ALERT_EVERY_MINUTES * 60_000);
  const due = and(
    eq(savedSearches.frequency, 'instant'),
    lt(savedSearches.matchedUntil, until),
    or(isNull(savedSearches.alertedAt), lte(savedSearches.alertedAt, quietSince)),
  );
  return db.transaction(async (tx) => {
    const batch = tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(due)
      .orderBy(asc(savedSearches.matchedUntil))
      .limit(ALERT_BATCH);
    const claimed = await tx
      .update(savedSearches)
      .set({ checkedAt: now })
      .where(and(inArray(savedSearches.id, batch), due))
      .returning({
        id: savedSearches.id,
        userId: savedSearches.userId,
        name: savedSearches.name,
        criteria: savedSearches.criteria,
        matchedUntil: savedSearches.matchedUntil,
        channels: savedSearches.channels,
      });
    const matches: AlertMatch[] = [];
    for (const search of claimed) {
      const matched = await matchTasks(
        tx,
        search,
        search.matchedUntil,
        until,
        MAIL_TASKS_PER_SEARCH,
      );
      const { userId, channels } = search;
      const taskIds = matched.tasks.map((task) => task.id);
      const link = browsePath(search.criteria);
      matches.push({
        savedSearchId: search.id,
        taskIds,
        total: matched.total,
        userId,
        channels,
        link,
      });
      const found = matched.total > 0;
      await tx
        .update(savedSearches)
        .set({ matchedUntil: until, ...(found ? { alertedAt: now } : {}) })
        .where(eq(savedSearches.id, search.id));
      if (!found) continue;
      if (search.channels.includes('in-app')) await alert(tx, events, search, matched.total);
      if (search.channels.includes('email'))
        await queueAlertMail(tx, search.userId, 'instant', [{ ...search, matched }]);
    }
    return matches;
  });
}

/** The one notification of a run for a saved search: how many new tasks match, and where. */
function alert(
  tx: MailTx,
  events: EventBus,
  search: { userId: string; name: string; criteria: SavedCriteria },
  total: number,
) {
  const capped = total > ALERT_MATCH_CAP;
  const count = Math.min(total, ALERT_MATCH_CAP);
  return notify(tx, events, [
    {
      userId: search.userId,
      type: 'search.matched',
      title: alertTitle(count, capped, search.name),
      body: `New tasks were posted that match your saved search “${search.name}”.`,
      taskId: null,
      link: browsePath(search.criteria),
    },
  ]);
}
