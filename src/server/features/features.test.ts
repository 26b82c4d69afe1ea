import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../../shared/notifications/rules.ts';
import * as schema from '../platform/db/schema.ts';
import type { AppEventType } from '../platform/events/bus.ts';
import type { LiveFeed } from '../platform/feature.ts';
import { FEATURES } from './index.ts';

/*
 * Guards of the feature contract: each fails, naming the feature or table, when a face of a
 * feature is forgotten in its declaration (features/<name>/index.ts).
 */

/** Tables with rows about a person that no feature exports or erases, on purpose. */
const KEPT_ON_PURPOSE: Record<string, string> = {
  imported_users:
    'the import’s record of the accounts a batch created (ids only), kept so an import can be undone',
  verification:
    'no foreign key; the account’s erase removes the person’s links by user id and address',
};

/** Events no stream carries: the platform's own signals between instances. */
const NOT_STREAMED: Partial<Record<AppEventType, string>> = {
  'sessions.changed': 'ends the person’s streams and cached sessions on every instance',
  'mail.queued': 'wakes every instance’s mail worker',
};

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);
const nameOf = (table: PgTable) => getTableConfig(table).name;
const userTable = nameOf(schema.user);

/** Every table that points at `user` (and `user` itself). */
function personalTables(): string[] {
  return tables
    .filter(
      (table) =>
        nameOf(table) === userTable ||
        getTableConfig(table).foreignKeys.some(
          (fk) => nameOf(fk.reference().foreignTable) === userTable,
        ),
    )
    .map(nameOf)
    .sort();
}

describe('the feature contract', () => {
  it('claims every table with rows about a person, or says why it is kept', () => {
    const claimed = new Map<string, string>();
    for (const feature of FEATURES)
      for (const table of feature.personalData?.tables ?? []) {
        expect(claimed.get(nameOf(table)), `${nameOf(table)} claimed twice`).toBeUndefined();
        claimed.set(nameOf(table), feature.name);
      }
    const unclaimed = personalTables().filter(
      (name) => !claimed.has(name) && !KEPT_ON_PURPOSE[name],
    );
    expect(unclaimed, 'tables no feature exports and erases').toEqual([]);
    for (const name of Object.keys(KEPT_ON_PURPOSE))
      expect(tables.map(nameOf), `${name} is on the kept list`).toContain(name);
  });

  it('declares every notification kind in exactly one feature', () => {
    const declared = FEATURES.flatMap((f) => f.notificationKinds ?? []);
    expect(declared.length, 'a kind declared twice').toBe(new Set(declared).size);
    expect([...declared].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('streams every event a feature publishes, to the streams its declaration names', () => {
    const feeds = FEATURES.flatMap((f) => f.live ?? []);
    const fed = new Set<string>(feeds.map((feed) => feed.event));
    for (const feature of FEATURES) {
      for (const type of publishedBy(join(import.meta.dirname, feature.name))) {
        const known = fed.has(type) || type in NOT_STREAMED;
        expect(known, `${feature.name} publishes ${type}, which no feed sends`).toBe(true);
      }
    }
    for (const feed of feeds) {
      const sample = sampleEvent(feed);
      const deliveries = feed.send(sample);
      expect(deliveries.length, `${feed.event} → ${feed.stream} delivers nothing`).toBeGreaterThan(
        0,
      );
      const ids = Object.values(sample).flat();
      for (const delivery of deliveries) expect(ids).toContain(delivery.key);
    }
  });
});

/** The event types a feature's code publishes (`events.publish(tx, { type: '…' })`). */
function publishedBy(folder: string): string[] {
  const sources = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const types = sources.flatMap((file) => {
    const text = readFileSync(join(folder, file), 'utf8');
    return [...text.matchAll(/events\.publish\(\s*\w+,\s*\{\s*type:\s*'([\w.]+)'/g)].map(
      (m) => m[1]!,
    );
  });
  return [...new Set(types)];
}

/** An event of the feed's type whose every field is a distinct id (a list for `userIds`). */
function sampleEvent(feed: LiveFeed) {
  const ids = new Proxy({ type: feed.event } as Record<string, unknown>, {
    get: (target, field: string) =>
      (target[field] ??= field.endsWith('s') ? [`${field}-1`, `${field}-2`] : field),
  });
  // Reading every field the feed uses fills them in: the feed's keys are among them.
  feed.send(ids as never);
  return { ...(ids as object) } as never;
}
