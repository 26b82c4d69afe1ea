import type { FastifyInstance } from 'fastify';
import type { AppEvent } from '../../platform/events/bus.ts';
import { createAnswerCache, type AnswerCache } from '../../platform/http/answer-cache.ts';
import { ANONYMOUS_MAX_AGE_S } from '../../platform/http/private-answers.ts';

/**
 * Events after which a kept list may be wrong: a task posted, edited, deleted, moved along
 * its lifecycle or reviewed (`task.changed`), a bid placed (`bid.placed`: no list shows bids
 * today; a card that counts them would need it), and a lost listening connection
 * (`resync`: events may have been missed).
 */
const CHANGES_LISTS: ReadonlySet<AppEvent['type']> = new Set([
  'task.changed',
  'bid.placed',
  'resync',
]);

/** Plenty for the pages and filters people browse; the byte bound usually comes first. */
const MAX_ENTRIES = 5000;

/** One list cache per server, keyed by its event bus (one per server). */
const caches = new WeakMap<object, AnswerCache>();

/**
 * The anonymous task lists and category counts this instance keeps (decision 1515): at
 * most `LIST_CACHE_MB`, each answer at most as long as shared caches may keep it
 * (`max-age`), all dropped when a task event arrives from any instance. One cache per
 * server, made when the task routes register; the browse page's first tasks use it too.
 */
export function listCacheOf(app: FastifyInstance): AnswerCache {
  const known = caches.get(app.events);
  if (known) return known;
  const made = makeListCache(app);
  caches.set(app.events, made);
  return made;
}

function makeListCache(app: FastifyInstance): AnswerCache {
  const cache = createAnswerCache({
    maxBytes: app.config.listCacheBytes,
    maxEntries: MAX_ENTRIES,
    maxAgeMs: ANONYMOUS_MAX_AGE_S * 1000,
  });
  const stop = app.events.subscribe((event) => {
    if (CHANGES_LISTS.has(event.type)) cache.clear();
  });
  app.addHook('onClose', async () => {
    stop();
  });
  return cache;
}
