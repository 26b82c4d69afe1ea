import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  ALERT_EVERY_MINUTES,
  alertTitle,
  browsePath,
  type AlertChannel,
  type SavedCriteria,
} from '../../../shared/alerts/rules.ts';
import { savedCriteriaSchema } from '../../../shared/alerts/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { bids, savedSearches, tasks } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { MailTx } from '../../platform/mail/outbox.ts';
import { notify } from '../../platform/notify.ts';
import { browseFilters, taskWhere } from '../tasks/index.ts';

/** Saved searches one run claims (each run of every instance claims its own). */
export const ALERT_BATCH = 100;
/** New tasks one alert counts at most ("50+ new tasks"). */
export const ALERT_MATCH_CAP = 50;
/**
 * A task counts once this long has passed since it was written: a task whose transaction
 * began before a run and committed after it is not skipped by the moving watermark.
 */
export const ALERT_SETTLE_MS = 5_000;

/** One saved search a run looked at, and the tasks it matched (newest first). */
export interface AlertMatch {
  savedSearchId: string;
  taskIds: string[];
  userId: string;
  /** Where its alert goes: the bell (written in the run) and push (sent after it). */
  channels: AlertChannel[];
  /** Browse with the search's criteria. */
  link: string;
}

/** The channels an instant alert goes to. */
const INSTANT_CHANNELS = sql.raw(`array['in-app', 'push']::text[]`);

/**
 * The tasks that a saved search of `userId` matches among those created in (`since`,
 * `until`]: browse's own filters (`browseFilters` + `taskWhere`) on open tasks, never the
 * person's own, nor those they bid on. Newest first, at most `limit`.
 */
export async function matchingTasks(
  tx: Pick<Db, 'select'>,
  search: { userId: string; criteria: SavedCriteria },
  since: Date,
  until: Date,
  limit = ALERT_MATCH_CAP + 1,
): Promise<string[]> {
  const parsed = savedCriteriaSchema.safeParse(search.criteria);
  // Criteria a later rule no longer reads match nothing rather than everything.
  if (!parsed.success) return [];
  const where = and(
    taskWhere(browseFilters(parsed.data, { stage: 'open' })),
    gt(tasks.createdAt, since),
    lte(tasks.createdAt, until),
    ne(tasks.ownerId, search.userId),
    sql`not exists (select 1 from ${bids} where ${bids.taskId} = ${tasks.id} and ${bids.bidderId} = ${search.userId})`,
  );
  const rows = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(where)
    .orderBy(sql`${tasks.createdAt} desc`, sql`${tasks.id} desc`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Instant alerts in the app: each saved search set to Instant (and to the app or push), whose last
 * alert is at least ALERT_EVERY_MINUTES old, is matched against the tasks created since its
 * watermark; one notification says how many match and links to browse with its criteria.
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
    sql`${savedSearches.channels} && ${INSTANT_CHANNELS}`,
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
        channels: savedSearches.channels,
        matchedUntil: savedSearches.matchedUntil,
      });
    const matches: AlertMatch[] = [];
    for (const search of claimed) {
      const taskIds = await matchingTasks(tx, search, search.matchedUntil, until);
      const { userId, channels } = search;
      const link = browsePath(search.criteria);
      matches.push({ savedSearchId: search.id, taskIds, userId, channels, link });
      await tx
        .update(savedSearches)
        .set({ matchedUntil: until, ...(taskIds.length > 0 ? { alertedAt: now } : {}) })
        .where(eq(savedSearches.id, search.id));
      if (taskIds.length > 0 && channels.includes('in-app'))
        await alert(tx, events, search, taskIds);
    }
    return matches;
  });
}

/** The one notification of a run for a saved search: how many new tasks match, and where. */
function alert(
  tx: MailTx,
  events: EventBus,
  search: { userId: string; name: string; criteria: SavedCriteria },
  taskIds: string[],
) {
  const capped = taskIds.length > ALERT_MATCH_CAP;
  const count = Math.min(taskIds.length, ALERT_MATCH_CAP);
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
