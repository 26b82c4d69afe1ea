import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

/**
 * What happened, by id only: every listener fetches what it may see with its own session,
 * so an event never carries another user's e-mail or message. The platform's own events are
 * here; each feature adds its events to this map from its `events.ts`
 * (`declare module '…/platform/events/bus.ts' { interface AppEvents { … } }`).
 */
export interface AppEvents {
  /** Something new for the person's bell (notify.ts). */
  notification: { userId: string };
  /** A user's sessions ended or their name, e-mail or picture changed (auth/session-cache.ts). */
  'sessions.changed': { userId: string };
  /** Streams beyond a user's or an address's limit: the instance holding each closes it. */
  'streams.evict': { ids: string[] };
  /** Mail was queued: every instance's mail worker looks for due mail. */
  'mail.queued': Record<never, never>;
  /** Local only: the listening connection was lost and is back; refetch everything. */
  resync: Record<never, never>;
}

export type AppEventType = keyof AppEvents;
export type AppEvent = { [Type in AppEventType]: { type: Type } & AppEvents[Type] }[AppEventType];

export const EVENTS_CHANNEL = 'taskbid_events';

export interface EventBus {
  /** Sends an event through the database: inside a transaction it goes out on commit. */
  publish(db: Pick<Db, 'execute'>, event: Exclude<AppEvent, { type: 'resync' }>): Promise<void>;
  /** Every event from every instance, until the returned function is called. */
  subscribe(handler: (event: AppEvent) => void): () => void;
  close(): Promise<void>;
}

/** What only sends events (a job's or a test's caller may have no listening bus). */
export type EventPublisher = Pick<EventBus, 'publish'>;

/** Sends an event through the database, with no bus: the same as any bus's `publish`. */
export const databasePublisher: EventPublisher = {
  async publish(db, event) {
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  },
};

/**
 * Events between server instances travel by PostgreSQL LISTEN/NOTIFY (on PGlite, within
 * the one process). Each instance keeps a single listening connection and fans out locally.
 */
export async function createEventBus(
  database: Database,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const handlers = new Set<(event: AppEvent) => void>();
  const deliver = (event: AppEvent) => {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (error) {
        onError(error);
      }
    }
  };
  const stop = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        deliver(JSON.parse(payload) as AppEvent);
      } catch (error) {
        onError(error);
      }
    },
    () => deliver({ type: 'resync' }),
  );
  return {
    publish: databasePublisher.publish,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: stop,
  };
}
