import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Task } from '../../../shared/tasks/schema.ts';
import type { CurrentUser } from '../../platform/auth/require-user.ts';
import type { AppEvent } from '../../platform/events/bus.ts';
import {
  createAnswerCache,
  serialized,
  type AnswerCache,
  type CachedAnswer,
  type SentAnswer,
} from '../../platform/http/answer-cache.ts';
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
 * The task lists and category counts this instance keeps (decisions 1515, 1820): at
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

/**
 * A kept list as `viewer` is given it (decision 1820). The one thing a browse answer shows a
 * signed-in person and nobody else is their own e-mail on their own tasks; the kept body has
 * it on none. So when none of the page's tasks is theirs (nearly always) the kept bytes go
 * out as they are, with no parse and no query; otherwise a copy with their e-mail (the
 * session's, which a change of e-mail refreshes at once: decision 1520) on their tasks. The
 * shared entity tag never goes with it: a signed-in answer is private, no-store.
 */
export function listFor(
  reply: FastifyReply,
  answer: CachedAnswer,
  viewer: Pick<CurrentUser, 'id' | 'email'>,
): SentAnswer {
  const { body, total } = answer;
  if (!answer.owners?.includes(viewer.id)) return { body, total };
  const tasks = (JSON.parse(body) as Task[]).map((task) =>
    task.userId === viewer.id ? { ...task, userEmail: viewer.email } : task,
  );
  return { body: serialized(reply, tasks), total };
}
