import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  browsePath,
  canonicalCriteria,
  criteriaKey,
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  type ParsedCriteria,
} from '../../../shared/alerts/rules.ts';
import type { SavedSearch } from '../../../shared/alerts/schema.ts';
import {
  channelsProblem,
  isDigest,
  type AlertChannel,
  type AlertFrequency,
} from '../../../shared/alerts/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { savedSearches, user } from '../../platform/db/schema.ts';
import { conflict, invalidInput, notFound } from '../../platform/http/errors.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A saved search as its owner reads it. */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    criteria: row.criteria as Record<string, string>,
    path: browsePath(row.criteria),
    frequency: row.frequency,
    channels: row.channels,
    lastAlertAt: row.alertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface NewSavedSearch {
  name: string;
  criteria: ParsedCriteria;
  frequency: AlertFrequency;
  channels: AlertChannel[];
}

export interface SavedSearchChanges {
  name?: string | undefined;
  frequency?: AlertFrequency | undefined;
  channels?: AlertChannel[] | undefined;
}

/** A person's saved searches: each read and write is of the caller's own rows only. */
export function createSavedSearchRepository(db: Db) {
  const own = (userId: string, id: string) =>
    and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

  return {
    /** Every saved search of the person, oldest first (the order they were saved in). */
    async list(userId: string): Promise<SavedSearch[]> {
      const rows = await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
      return rows.map(toSavedSearch);
    },

    /**
     * Saves a search. The person's row is locked first, so concurrent saves of one person
     * count one after another and the limit holds; the same criteria twice is refused (the
     * unique index settles a race the check did not see). Matching starts now: tasks posted
     * before it was saved do not alert.
     */
    async create(userId: string, input: NewSavedSearch): Promise<SavedSearch> {
      const criteria = canonicalCriteria(input.criteria);
      const key = criteriaKey(criteria);
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
        const [same] = await tx
          .select({ id: savedSearches.id })
          .from(savedSearches)
          .where(and(eq(savedSearches.userId, userId), eq(savedSearches.criteriaKey, key)));
        if (same) throw conflict(SAVED_SEARCH_MESSAGES.duplicate, 'SAVED_SEARCH_DUPLICATE');
        const [held] = await tx
          .select({ n: count() })
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId));
        if ((held?.n ?? 0) >= SAVED_SEARCH_LIMIT)
          throw conflict(SAVED_SEARCH_MESSAGES.limit, 'SAVED_SEARCH_LIMIT');
        const [row] = await tx
          .insert(savedSearches)
          .values({
            userId,
            name: input.name,
            criteria,
            criteriaKey: key,
            frequency: input.frequency,
            channels: input.channels,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(SAVED_SEARCH_MESSAGES.duplicate, 'SAVED_SEARCH_DUPLICATE');
        return toSavedSearch(row);
      });
    },

    /**
     * Renames one of the person's saved searches or changes how it alerts; 404 for anyone
     * else's. The frequency and channels are checked together with what the search has:
     * choosing Daily or Weekly alone makes it come by e-mail.
     */
    async update(userId: string, id: string, changes: SavedSearchChanges): Promise<SavedSearch> {
      if (!isUuid(id)) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ frequency: savedSearches.frequency, channels: savedSearches.channels })
          .from(savedSearches)
          .where(own(userId, id))
          .for('no key update');
        if (!current) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
        const frequency = changes.frequency ?? current.frequency;
        const channels =
          changes.channels ??
          (changes.frequency && isDigest(changes.frequency)
            ? ['email' as const]
            : current.channels);
        const problem = channelsProblem(frequency, channels);
        if (problem) throw invalidInput('body', [{ path: 'body.channels', message: problem }]);
        const patch = Object.fromEntries(
          Object.entries({ name: changes.name, frequency, channels }).filter(
            ([, v]) => v !== undefined,
          ),
        );
        const resumed = current.frequency === 'paused' && frequency !== 'paused';
        const [row] = await tx
          .update(savedSearches)
          .set({
            ...patch,
            updatedAt: sql`now()`,
            // Resuming starts from now: what was posted while paused does not alert.
            ...(resumed ? { matchedUntil: sql`now()` } : {}),
          })
          .where(own(userId, id))
          .returning();
        if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
        return toSavedSearch(row);
      });
    },

    /** Deletes one of the person's saved searches; 404 for anyone else's. */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      const rows = await db
        .delete(savedSearches)
        .where(own(userId, id))
        .returning({ id: savedSearches.id });
      if (rows.length === 0) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    },
  };
}
