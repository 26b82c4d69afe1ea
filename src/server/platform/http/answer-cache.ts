import type { FastifyReply } from 'fastify';
import { entityTag } from './conditional-get.ts';
import { totalHeaders } from './paging.ts';

/** A public answer ready to send again: its JSON body, `X-Total-Count` and entity tag. */
export interface CachedAnswer {
  body: string;
  /** `X-Total-Count`, and `false` when that total is a lower bound (decision 1501). */
  total?: { count: number; exact: boolean };
  etag: string;
  /**
   * The people whose own items the body holds: one of them is shown more than the body
   * says, everyone else exactly it (decision 1820).
   */
  owners?: readonly string[];
  /** A page's HTTP status, when not 200 (web/routes.ts keeps finished pages). */
  status?: number;
}

/** An answer as sent: a private one (`no-store`) goes without an entity tag. */
export type SentAnswer = Pick<CachedAnswer, 'body' | 'total'> & { etag?: string };

export interface AnswerCacheOptions {
  /** Bytes of bodies held at most (0: nothing is kept; every request runs its query). */
  maxBytes: number;
  maxEntries: number;
  /** An answer is never served once this old (counted from the start of its query). */
  maxAgeMs: number;
  /**
   * From this age on, a `peek` given a way to make the answer again still returns the kept
   * one and starts making its successor in the background (one at a time per key), so a key
   * asked for all the time is renewed before it runs out and nobody waits for it.
   */
  renewAfterMs?: number;
  now?: () => number;
}

/** An answer as a fill makes it (the cache adds the tag). */
type Filled = Omit<CachedAnswer, 'etag'>;

interface Entry {
  answer: CachedAnswer;
  startedAt: number;
  size: number;
}

/** What an answer's owner ids take in memory, about (the byte bound counts them). */
const idBytes = (answer: CachedAnswer) => (answer.owners?.length ?? 0) * 64;

/**
 * Answers given to nobody in particular, kept in this process by key, least recently used
 * first out, each for at most `maxAgeMs`. Concurrent misses of one key run one `fill`
 * (single flight). `clear()` drops every answer and every fill still running: a fill that
 * started before it is given to the requests that joined it but never stored, so an answer
 * read before a change cannot outlive the change's event.
 */
export function createAnswerCache(options: AnswerCacheOptions) {
  const now = options.now ?? (() => Date.now());
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the LRU.
  const entries = new Map<string, Entry>();
  const running = new Map<string, Promise<CachedAnswer>>();
  const renewing = new Set<string>();
  let bytes = 0;
  let generation = 0;
  const enabled = options.maxBytes > 0 && options.maxEntries > 0;

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    bytes -= entry.size;
  }

  function store(key: string, entry: Entry) {
    if (entry.size > options.maxBytes) return;
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, entry);
    bytes += entry.size;
    for (const [oldest, first] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      drop(oldest, first);
    }
  }

  /** Tags what a fill made and stores it, unless the cache was cleared since it started. */
  function keep(key: string, filled: Filled, startedAt: number, startedIn: number) {
    const answer = { ...filled, etag: entityTag(filled.body, filled.total?.count) };
    if (startedIn === generation)
      store(key, { answer, startedAt, size: Buffer.byteLength(answer.body) + idBytes(answer) });
    return answer;
  }

  async function fillOnce(key: string, fill: () => Promise<Filled>): Promise<CachedAnswer> {
    const startedAt = now();
    const startedIn = generation;
    return keep(key, await fill(), startedAt, startedIn);
  }

  /**
   * Makes `key`'s answer again beside the kept one. Nobody waits for it or joins it: if it
   * fails (or `fill` says the answer is no longer to be kept), the kept answer runs out as
   * usual and the next request fills it as on any miss (and meets the error there).
   */
  function renew(key: string, fill: () => Promise<Filled | undefined>) {
    if (renewing.has(key) || running.has(key)) return;
    renewing.add(key);
    const startedAt = now();
    const startedIn = generation;
    fill()
      .then((filled) => filled && keep(key, filled, startedAt, startedIn))
      .catch(() => undefined)
      .finally(() => renewing.delete(key));
  }

  /**
   * The kept answer for `key` if it is young enough, made the most recently used. Given
   * `refill`, an answer past `renewAfterMs` is renewed in the background (see the options).
   */
  function peek(key: string, refill?: () => Promise<Filled | undefined>): CachedAnswer | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    drop(key, entry);
    const age = now() - entry.startedAt;
    if (age >= options.maxAgeMs) return undefined;
    entries.set(key, entry);
    bytes += entry.size;
    if (refill && options.renewAfterMs !== undefined && age >= options.renewAfterMs)
      renew(key, refill);
    return entry.answer;
  }

  return {
    peek,

    /**
     * The answer for `key`: kept (renewed early, see `renewAfterMs`), being filled, or filled
     * now by `fill`.
     */
    async get(key: string, fill: () => Promise<Filled>): Promise<CachedAnswer> {
      const kept = peek(key, fill);
      if (kept) return kept;
      if (!enabled) return fillOnce(key, fill);
      const pending = running.get(key);
      if (pending) return pending;
      const filling = fillOnce(key, fill).finally(() => {
        if (running.get(key) === filling) running.delete(key);
      });
      running.set(key, filling);
      return filling;
    },

    /** Forgets every answer, and every fill now running (see above). */
    clear() {
      generation++;
      entries.clear();
      running.clear();
      bytes = 0;
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** Sends a kept answer as it was first sent: body, total headers and entity tag (if any). */
export function sendAnswer(reply: FastifyReply, answer: SentAnswer) {
  if (answer.total) totalHeaders(reply, answer.total.count, answer.total.exact);
  if (answer.etag) reply.header('etag', answer.etag);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** A 200 answer as the route's response schema serialises it (as it would be sent). */
export function serialized(reply: FastifyReply, value: unknown): string {
  const body = reply.serialize(value);
  if (typeof body !== 'string') throw new Error('a JSON serializer returned bytes');
  return body;
}
