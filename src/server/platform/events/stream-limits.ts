import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { eventStreams } from '../db/schema.ts';
import type { EventBus } from './bus.ts';
import { STREAM_LIMITS, type EventStream } from './sse.ts';

/** A row whose instance has not refreshed it for this long is of a stopped instance. */
const STALE_AFTER = '5 minutes';

/**
 * Keeps the streams of one user, and of one address, under `STREAM_LIMITS` on every instance
 * together: the oldest are closed first, wherever they are.
 */
/** What the limits know of a stream: which it is, and whose. */
export type HeldStream = Pick<EventStream, 'id' | 'userId' | 'address'>;

export interface StreamLimits {
  /**
   * A stream is opening here (not yet among this instance's streams): resolves once it is
   * counted, making room for it in the background. Never rejects: without the shared count
   * a stream still opens.
   */
  opened(stream: HeldStream): Promise<void>;
  /** A stream of this instance closed. */
  closed(stream: HeldStream): void;
  /** Stops (once this instance's streams are closed): waits for what is still being written. */
  stop(): Promise<void>;
}

/**
 * Shared through PostgreSQL when the database is PostgreSQL (the only way several instances
 * run); PGlite serves one instance, whose own streams are all there is.
 */
export function createStreamLimits(deps: {
  database: Database;
  bus: EventBus;
  streams: Set<EventStream>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}): StreamLimits {
  return deps.database.kind === 'postgres' ? sharedLimits(deps) : localLimits(deps.streams);
}

function localLimits(streams: Set<EventStream>): StreamLimits {
  return {
    async opened(stream) {
      makeRoom(streams, (s) => s.userId === stream.userId, STREAM_LIMITS.perUser);
      makeRoom(streams, (s) => s.address === stream.address, STREAM_LIMITS.perAddress);
    },
    closed() {},
    async stop() {},
  };
}

/** Closes the oldest matching streams until one more fits under `max` (a Set keeps order). */
function makeRoom(streams: Set<EventStream>, mine: (s: EventStream) => boolean, max: number) {
  const held = [...streams].filter(mine);
  for (const old of held.slice(0, Math.max(0, held.length - max + 1))) old.evict();
}

/**
 * Every open stream is a row of `event_streams`. Opening one inserts its row, then finds the
 * rows of its user and address beyond the limits (newest kept), deletes them and tells every
 * instance over the event bus to evict those streams. Each instance refreshes its rows at
 * each heartbeat and removes rows nobody has refreshed lately (an instance that died).
 */
function sharedLimits(deps: {
  database: Database;
  bus: EventBus;
  streams: Set<EventStream>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}): StreamLimits {
  const { bus, streams, log } = deps;
  const db = deps.database.db;
  const instanceId = randomUUID();
  /** The insert of each stream of this instance (its delete waits for it). */
  const inserts = new Map<string, Promise<void>>();
  const writing = new Set<Promise<void>>();
  const track = (work: Promise<void>, what: string) => {
    const done = work.catch((err: unknown) => log.warn({ err }, what));
    writing.add(done);
    void done.finally(() => writing.delete(done));
    return done;
  };

  const beyond = (
    column: typeof eventStreams.userId | typeof eventStreams.address,
    value: string,
    max: number,
  ) =>
    db
      .select({ id: eventStreams.id })
      .from(eventStreams)
      .where(eq(column, value))
      .orderBy(desc(eventStreams.seq))
      .offset(max);

  const insert = (stream: HeldStream) =>
    db.insert(eventStreams).values({
      id: stream.id,
      instanceId,
      userId: stream.userId,
      address: stream.address,
    });

  async function makeRoom(stream: HeldStream) {
    const over = [
      ...(await beyond(eventStreams.userId, stream.userId, STREAM_LIMITS.perUser)),
      ...(await beyond(eventStreams.address, stream.address, STREAM_LIMITS.perAddress)),
    ];
    const ids = [...new Set(over.map((r) => r.id))];
    if (ids.length === 0) return;
    await db.delete(eventStreams).where(inArray(eventStreams.id, ids));
    await bus.publish(db, { type: 'streams.evict', ids });
  }

  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'streams.evict') return;
    const ids = new Set(event.ids);
    for (const stream of streams) if (ids.has(stream.id)) stream.evict();
  });

  const tick = setInterval(() => {
    void track(
      (async () => {
        await db
          .update(eventStreams)
          .set({ seenAt: sql`now()` })
          .where(eq(eventStreams.instanceId, instanceId));
        await db
          .delete(eventStreams)
          .where(lt(eventStreams.seenAt, sql`now() - ${STALE_AFTER}::interval`));
      })(),
      'event stream rows not refreshed',
    );
  }, deps.heartbeatMs);
  tick.unref();

  return {
    async opened(stream) {
      const inserted = track(
        insert(stream).then(() => {}),
        'event stream not counted across instances',
      );
      inserts.set(stream.id, inserted);
      await inserted;
      void track(makeRoom(stream), 'no room made for an event stream');
    },
    closed(stream) {
      const inserted = inserts.get(stream.id) ?? Promise.resolve();
      inserts.delete(stream.id);
      void track(
        inserted.then(async () => {
          await db.delete(eventStreams).where(eq(eventStreams.id, stream.id));
        }),
        'closed event stream row not removed',
      );
    },
    async stop() {
      clearInterval(tick);
      unsubscribe();
      await Promise.all(writing);
    },
  };
}
