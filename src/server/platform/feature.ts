import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { DemoData } from './demo.ts';
import type { AppEvent, AppEventType, EventBus } from './events/bus.ts';
import type { PublicPage } from './web/pages.ts';
import type { SitemapSource } from './web/sitemap.ts';

/**
 * What a server feature is: one declaration (its folder's `index.ts`) of every face it has.
 * The platform and `app.ts` iterate the declarations; nothing else lists a feature's parts,
 * and the guard tests (`features/features.test.ts`) name what a declaration forgot.
 */
export interface Feature {
  /** The folder's name. */
  name: string;
  /** Its HTTP routes, registered in the order of the features list. */
  routes?: FastifyPluginAsync;
  /** What it sends to the open event streams when its events happen. */
  live?: readonly LiveFeed[];
  /** Periodic work, run by every instance: each run must claim its rows (one UPDATE). */
  jobs?: readonly Job[];
  /** The rows about a person it keeps: exported on request, erased with the account. */
  personalData?: PersonalData;
  /** The kinds of notification it writes (`notify`), each also a mail kind. */
  notificationKinds?: readonly string[];
  /** What it adds to the demo data a fresh embedded database starts with. */
  demo?: DemoData;
  /** Client pages it describes in the page's head (and without JavaScript): web/pages.ts. */
  pages?: readonly PublicPage[];
  /** The addresses it lists in `/sitemap.xml`. */
  sitemap?: readonly SitemapSource[];
}

/**
 * The live streams a browser holds: a task page's (keyed by task id) and a person's own
 * (keyed by user id: bell, messages, anything addressed to them).
 */
export type StreamName = 'task' | 'person';

/** One frame for the streams following `key` (a task id, a person's id). */
export interface Delivery {
  key: string;
  /** The SSE event name the browser listens for. */
  event: string;
  data: Record<string, unknown>;
  /** Only the streams of these people get it (a hidden question's author and owner, say). */
  onlyFor?: readonly string[];
}

/** How events of one type reach one named stream. */
export interface LiveFeed<Type extends AppEventType = AppEventType> {
  event: Type;
  stream: StreamName;
  send(event: Extract<AppEvent, { type: Type }>): Delivery[];
}

/** Declares a feed with the event's own type for `send` (a list of feeds is `LiveFeed[]`). */
export function liveFeed<Type extends AppEventType>(feed: LiveFeed<Type>): LiveFeed {
  return feed as unknown as LiveFeed;
}

export interface JobContext {
  db: Db;
  /** The instance's configuration (a job of a feature that is switched off does nothing). */
  config: Config;
  events: EventBus;
  log: FastifyBaseLogger;
}

export interface Job {
  name: string;
  everyMs: number;
  run(context: JobContext): Promise<unknown>;
}

export interface PersonalData {
  /** Every table with rows of a person this feature writes (a foreign key to the user). */
  tables: readonly PgTable[];
  /** The person's rows, as they download them: named sections of plain JSON. */
  export(db: Db, userId: string): Promise<Record<string, unknown>>;
  /**
   * Removes or anonymises the person's rows inside the deletion's transaction, and settles
   * what the other people of their work need (`events`: for their notifications). Erasers
   * run in the features list's order; the account row itself is anonymised last.
   */
  erase(tx: Db, userId: string, events: EventBus): Promise<void>;
}
