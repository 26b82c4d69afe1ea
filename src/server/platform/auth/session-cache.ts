import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { CurrentUser } from './require-user.ts';

/**
 * How long an instance answers from a session it read without reading it again: the bound
 * on a revoked session still working here when the word that it ended is lost (the event
 * bus's listening connection down). Normally that word arrives within milliseconds.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most; past it the oldest go first. */
const MAX_ENTRIES = 10_000;

/** What a session lookup found: the user, and when the session itself expires. */
export interface SessionFound {
  user: CurrentUser;
  expiresAt: Date;
}

interface Entry {
  user: CurrentUser;
  /** Milliseconds since the epoch after which the entry is read again. */
  until: number;
}

export interface SessionCache {
  /**
   * The user behind a cookie header: from this instance's memory when it looked the same
   * header up less than the TTL ago, else from `lookUp` (whose answer is kept unless a
   * session ended meanwhile). Signed out (null) is never kept.
   */
  read(cookie: string, lookUp: () => Promise<SessionFound | null>): Promise<CurrentUser | null>;
  /** Forgets one user's sessions (null: everyone's) on this instance. */
  forget(userId: string | null): void;
  /**
   * A user's sessions ended or their name, e-mail or picture changed: forgotten here at
   * once, and on every instance when the event reaches it.
   */
  changed(db: Pick<Db, 'execute'>, userId: string): Promise<void>;
}

/**
 * Each signed-in request used to read its session from the database through better-auth. An
 * instance now keeps what it read for a few seconds, keyed by a hash of the cookie header
 * (only ever a header better-auth accepted), and forgets a user's entries when any instance
 * says their sessions changed (`sessions.changed` over the event bus), or all of them when
 * the bus reconnects (`resync`: something may have been missed).
 */
export function createSessionCache(bus: EventBus): SessionCache {
  const entries = new Map<string, Entry>();
  // Bumped by every forget: a lookup that started before one is not kept.
  let generation = 0;

  const forget = (userId: string | null) => {
    generation++;
    if (userId === null) return entries.clear();
    for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
  };

  return {
    async read(cookie, lookUp) {
      const key = createHash('sha256').update(cookie).digest('base64url');
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && kept.until > now) return kept.user;
      if (kept) entries.delete(key);
      const started = generation;
      const found = await lookUp();
      if (!found) return null;
      const until = Math.min(now + SESSION_CACHE_TTL_MS, found.expiresAt.getTime());
      if (started === generation && until > now) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { user: found.user, until });
      }
      return found.user;
    },
    forget,
    async changed(db, userId) {
      forget(userId);
      await bus.publish(db, { type: 'sessions.changed', userId });
    },
  };
}

/** Keeps `cache` in step with every instance's changes (see createSessionCache). */
export function followSessionChanges(cache: SessionCache, bus: EventBus): () => void {
  return bus.subscribe((event) => {
    if (event.type === 'sessions.changed') cache.forget(event.userId);
    if (event.type === 'resync') cache.forget(null);
  });
}
