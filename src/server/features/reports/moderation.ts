import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ModerationState,
  type ReportTarget,
  type RuleId,
} from '../../../shared/operators/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  bids,
  messages,
  profiles,
  questions,
  reviews,
  tasks,
  user,
} from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { readModerationSettings } from '../../platform/moderation-settings.ts';

/**
 * The score at which an open item's thing is held: the admins' setting (`hideScore`, set in
 * the console), read in the report's transaction.
 */
export async function hideThreshold(tx: Db): Promise<number> {
  return (await readModerationSettings(tx)).hideScore;
}

interface Place {
  table: PgTable;
  key: PgColumn;
  state: PgColumn;
  rule: PgColumn;
}

/** Where each kind of thing keeps its moderation state (a question's answer: its own pair). */
const PLACES: Record<ReportTarget, Place> = {
  task: { table: tasks, key: tasks.id, state: tasks.moderation, rule: tasks.moderationRule },
  question: {
    table: questions,
    key: questions.id,
    state: questions.moderation,
    rule: questions.moderationRule,
  },
  answer: {
    table: questions,
    key: questions.id,
    state: questions.answerModeration,
    rule: questions.answerModerationRule,
  },
  bid: { table: bids, key: bids.id, state: bids.moderation, rule: bids.moderationRule },
  message: {
    table: messages,
    key: messages.id,
    state: messages.moderation,
    rule: messages.moderationRule,
  },
  review: {
    table: reviews,
    key: reviews.id,
    state: reviews.moderation,
    rule: reviews.moderationRule,
  },
  profile: {
    table: profiles,
    key: profiles.userId,
    state: profiles.moderation,
    rule: profiles.moderationRule,
  },
};

const col = (column: PgColumn) => sql.identifier(column.name);

/** Where a task's change is announced (on commit), so kept lists and open pages read it again. */
type Events = Pick<EventBus, 'publish'> | undefined;

/**
 * Sets a thing's moderation state if its current one is among `from`, under its row's lock,
 * and answers what it was (undefined: nothing changed: the thing is gone, or in another
 * state). A profile without a row gets one (its fields empty), so it can be held too. A
 * task's change is announced on `events` (`task.changed`), which empties the list caches.
 */
export async function setModeration(
  tx: Db,
  type: ReportTarget,
  id: string,
  to: { state: ModerationState | null; rule?: RuleId | null },
  from: readonly (ModerationState | null)[],
  events?: Events,
): Promise<{ before: ModerationState | null } | undefined> {
  const p = PLACES[type];
  if (type === 'profile') {
    await tx.insert(profiles).values({ userId: id }).onConflictDoNothing();
  }
  const key = type === 'profile' ? sql`${id}` : sql`${id}::uuid`;
  const found = (await tx.execute(
    sql`select ${col(p.state)} as state from ${p.table} where ${col(p.key)} = ${key} for update`,
  )) as unknown as { rows: { state: ModerationState | null }[] };
  const before = found.rows[0];
  if (!before || !from.includes(before.state)) return undefined;
  await tx.execute(
    sql`update ${p.table} set ${col(p.state)} = ${to.state}, ${col(p.rule)} = ${to.rule ?? null} where ${col(p.key)} = ${key}`,
  );
  if (type === 'task') await events?.publish(tx, { type: 'task.changed', taskId: id });
  return { before: before.state };
}

/** A thing's moderation state and rule now (undefined: no such thing). */
export async function moderationOf(tx: Db, type: ReportTarget, id: string) {
  const p = PLACES[type];
  const key = type === 'profile' ? sql`${id}` : sql`${id}::uuid`;
  const found = (await tx.execute(
    sql`select ${col(p.state)} as state, ${col(p.rule)} as rule from ${p.table} where ${col(p.key)} = ${key}`,
  )) as unknown as { rows: { state: ModerationState | null; rule: RuleId | null }[] };
  return found.rows[0];
}

/** What a thing is called in a mail to its author. */
const THING_NAMES: Record<ReportTarget, string> = {
  task: 'task',
  question: 'question',
  answer: 'answer to a question',
  bid: 'offer',
  message: 'message',
  review: 'review',
  profile: 'profile',
};

/** Tells a thing's author what moderation did to it (held, removed, or shown again). */
export async function tellAuthor(
  tx: Db,
  authorId: string | null,
  type: ReportTarget,
  what: { state: 'held' | 'removed' | 'restored'; rule?: string; reason?: string },
) {
  if (!authorId) return;
  const [author] = await tx
    .select({ email: user.email })
    .from(user)
    .where(sql`${user.id} = ${authorId}`);
  if (!author) return;
  await enqueueMail(tx, {
    kind: 'content-moderated',
    to: author.email,
    data: { thing: THING_NAMES[type], ...what },
  });
}

/**
 * Holds a reported thing once its open item's score reaches the threshold: it leaves every
 * public read until an operator decides, and its author is told. Runs in the report's
 * transaction, after the item's row took the new weight (its lock orders concurrent reports,
 * and a thing already held, removed or hidden is left as it is: told exactly once).
 */
export async function holdIfDue(
  tx: Db,
  item: { targetType: ReportTarget; targetId: string; authorId: string | null; score: number },
  events?: Events,
) {
  if (item.score < (await hideThreshold(tx))) return false;
  const changed = await setModeration(
    tx,
    item.targetType,
    item.targetId,
    { state: 'held' },
    [null, 'limited'],
    events,
  );
  if (!changed) return false;
  await tellAuthor(tx, item.authorId, item.targetType, { state: 'held' });
  return true;
}
