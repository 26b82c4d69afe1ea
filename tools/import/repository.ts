/**
 * The import's SQL: what earlier runs imported, and the writes. Rows go in with one
 * `INSERT … SELECT FROM unnest(arrays)` per table and chunk (one parameter a column, however
 * many rows), each chunk of tasks with all their bids in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/platform/db/client.ts';
import {
  account,
  bids,
  importBatches,
  importedUsers,
  legacyBids,
  legacyTasks,
  tasks,
  user,
} from '../../src/server/platform/db/schema.ts';
import { endSignInsExceptByAddress } from '../../src/server/platform/auth/end-sign-ins.ts';
import type { KnownTask, Lookups, PlannedBid, PlannedTask } from './plan.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

const LOOKUP_CHUNK = 5000;

async function chunked<T>(items: T[], size: number, each: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await each(items.slice(i, i + size));
}

/**
 * Runs an INSERT … RETURNING and makes sure every row went in: a row whose person is missing
 * (joined by e-mail, as stored: lower case, and only to an account whose address is
 * verified) would otherwise be left out silently.
 */
async function insertAll(tx: Runner, expected: number, query: ReturnType<typeof sql>) {
  const result = (await tx.execute(query)) as unknown as { rows: unknown[] };
  if (result.rows.length !== expected)
    throw new Error(`${expected - result.rows.length} of ${expected} rows found no account`);
}

/** An array as one parameter (drizzle would otherwise spread it into a list). */
const list = (values: unknown[]) => sql.param(values);

async function insertBids(tx: Runner, batchId: string, rows: (PlannedBid & { taskId: string })[]) {
  if (rows.length === 0) return;
  await insertAll(
    tx,
    rows.length,
    sql`
    insert into ${bids} (id, task_id, bidder_id, amount, deadline, message, status, created_at)
    select b.id, b.task_id, u.id, b.amount, b.deadline, b.message, b.status, b.created_at
    from unnest(${list(rows.map((r) => r.id))}::uuid[], ${list(rows.map((r) => r.taskId))}::uuid[],
      ${list(rows.map((r) => r.draft.bidder.email))}::text[], ${list(rows.map((r) => r.draft.amount))}::numeric[],
      ${list(rows.map((r) => r.draft.deadline))}::date[], ${list(rows.map((r) => r.draft.message))}::text[],
      ${list(rows.map((r) => r.state))}::text[], ${list(rows.map((r) => r.draft.createdAt.toISOString()))}::timestamptz[])
      as b(id, task_id, email, amount, deadline, message, status, created_at)
    join ${user} u on u.email = b.email and u.email_verified
    returning id`,
  );
  await tx.execute(sql`
    insert into ${legacyBids} (old_id, bid_id, batch_id)
    select old_id, bid_id, ${batchId}::uuid
    from unnest(${list(rows.map((r) => r.draft.oldId))}::text[], ${list(rows.map((r) => r.id))}::uuid[]) as l(old_id, bid_id)`);
}

async function insertTasks(tx: Runner, batchId: string, rows: PlannedTask[]) {
  const col = <T>(read: (t: PlannedTask) => T) => list(rows.map(read));
  await insertAll(
    tx,
    rows.length,
    sql`
    insert into ${tasks} (id, owner_id, title, description, image_url, priority, category, deadline,
      estimated_time, budget, status, location, assigned_to, assignee_id, accepted_bid_id, created_at, updated_at)
    select t.id, o.id, t.title, t.description, t.image_url, t.priority, t.category, t.deadline,
      t.estimated_time, t.budget, t.status, t.location, coalesce(a.name, t.assigned_name), a.id,
      t.accepted_bid_id, t.created_at, t.created_at
    from unnest(${col((t) => t.id)}::uuid[], ${col((t) => t.draft.owner.email)}::text[],
      ${col((t) => t.draft.title)}::text[], ${col((t) => t.draft.description)}::text[],
      ${col((t) => t.draft.imageUrl)}::text[], ${col((t) => t.draft.priority)}::text[],
      ${col((t) => t.draft.category)}::text[], ${col((t) => t.draft.deadline)}::date[],
      ${col((t) => t.draft.estimatedTime)}::numeric[], ${col((t) => t.draft.budget)}::numeric[],
      ${col((t) => t.status)}::text[], ${col((t) => t.draft.location)}::text[],
      ${col((t) => t.assignedName)}::text[], ${col((t) => t.assignee?.email ?? null)}::text[],
      ${col((t) => t.assignee?.bidId ?? null)}::uuid[], ${col((t) => t.draft.createdAt.toISOString())}::timestamptz[])
      as t(id, owner_email, title, description, image_url, priority, category, deadline, estimated_time,
        budget, status, location, assigned_name, assignee_email, accepted_bid_id, created_at)
    join ${user} o on o.email = t.owner_email and o.email_verified
    left join ${user} a on a.email = t.assignee_email and a.email_verified
    returning id`,
  );
  await tx.execute(sql`
    insert into ${legacyTasks} (old_id, task_id, batch_id)
    select old_id, task_id, ${batchId}::uuid
    from unnest(${col((t) => t.draft.oldId)}::text[], ${col((t) => t.id)}::uuid[]) as l(old_id, task_id)`);
  await insertBids(
    tx,
    batchId,
    rows.flatMap((t) => t.bids.map((b) => ({ ...b, taskId: t.id }))),
  );
}

/** Which of `values` stand in `column` of `table`, looked up a chunk at a time. */
async function presentIn(db: Db, table: PgTable, column: PgColumn, values: string[]) {
  const found = new Set<string>();
  await chunked(values, LOOKUP_CHUNK, async (chunk) => {
    const rows = await db.select({ value: column }).from(table).where(inArray(column, chunk));
    for (const r of rows) found.add(String(r.value));
  });
  return found;
}

export function createImportRepository(db: Db) {
  return {
    lookups: {
      async knownTasks(oldIds) {
        const found = new Map<string, KnownTask>();
        await chunked(oldIds, LOOKUP_CHUNK, async (chunk) => {
          const rows = await db
            .select({
              oldId: legacyTasks.oldId,
              taskId: legacyTasks.taskId,
              ownerEmail: user.email,
              status: tasks.status,
              assignedTo: tasks.assignedTo,
            })
            .from(legacyTasks)
            .leftJoin(tasks, eq(tasks.id, legacyTasks.taskId))
            .leftJoin(user, eq(user.id, tasks.ownerId))
            .where(inArray(legacyTasks.oldId, chunk));
          for (const { oldId, ...task } of rows) found.set(oldId, task);
        });
        return found;
      },
      knownBids: (oldIds) => presentIn(db, legacyBids, legacyBids.oldId, oldIds),
      async existingAccounts(emails) {
        const found = new Map<string, boolean>();
        await chunked(emails, LOOKUP_CHUNK, async (chunk) => {
          const rows = await db
            .select({ email: user.email, verified: user.emailVerified })
            .from(user)
            .where(inArray(user.email, chunk));
          for (const r of rows) found.set(r.email, r.verified);
        });
        return found;
      },
    } satisfies Lookups,

    async startBatch(files: { tasksFile: string | null; bidsFile: string | null }) {
      const [row] = await db
        .insert(importBatches)
        .values(files)
        .returning({ id: importBatches.id });
      return row!.id;
    },

    async finishBatch(batchId: string, summary: unknown) {
      await db
        .update(importBatches)
        .set({ summary, finishedAt: sql`now()` })
        .where(eq(importBatches.id, batchId));
    },

    /**
     * Accounts for the people who have none (marked imported, no password: they claim the
     * account through a reset mail or Google); existing accounts are recorded as joined. An
     * existing account whose address was never verified is taken back first: whoever holds
     * it has not shown the address is theirs, so every way in but the address ends.
     */
    async addPeople(batchId: string, people: [string, string | undefined][]) {
      await chunked(people, LOOKUP_CHUNK, (chunk) =>
        db.transaction(async (tx) => {
          const emails = chunk.map(([email]) => email);
          const unverified = await tx
            .select({ id: user.id })
            .from(user)
            .where(and(inArray(user.email, emails), eq(user.emailVerified, false)))
            .for('update');
          for (const { id } of unverified) await endSignInsExceptByAddress(tx, id);
          const created = (await tx.execute(sql`
            insert into ${user} (id, name, email, email_verified)
            select id, name, email, true
            from unnest(${list(chunk.map(() => randomUUID()))}::text[], ${list(chunk.map(([email, name]) => name ?? email.split('@')[0]))}::text[],
              ${list(emails)}::text[]) as p(id, name, email)
            on conflict (email) do nothing
            returning email`)) as unknown as { rows: { email: string }[] };
          await tx.execute(sql`
            insert into ${importedUsers} (user_id, batch_id, created_account)
            select u.id, ${batchId}::uuid, u.email = any(${list(created.rows.map((r) => r.email))}::text[])
            from ${user} u where u.email = any(${list(emails)}::text[])
            on conflict (user_id) do nothing`);
        }),
      );
    },

    /** Tasks with their bids, all in one transaction (each record whole, or none of them). */
    async addTasks(batchId: string, rows: PlannedTask[]) {
      await db.transaction((tx) => insertTasks(tx, batchId, rows));
    },

    async addLaterBids(batchId: string, rows: (PlannedBid & { taskId: string })[]) {
      await db.transaction((tx) => insertBids(tx, batchId, rows));
    },

    /**
     * Undoes a run: its tasks (with every bid on them) and bids go, then the accounts it made
     * that nobody has claimed and that hold nothing else, then the run's records.
     */
    async undo(batchId: string) {
      return db.transaction(async (tx) => {
        const [batch] = await tx
          .select({ id: importBatches.id })
          .from(importBatches)
          .where(eq(importBatches.id, batchId));
        if (!batch) return null;
        const batchTasks = tx
          .select({ id: legacyTasks.taskId })
          .from(legacyTasks)
          .where(eq(legacyTasks.batchId, batchId));
        const batchBids = tx
          .select({ id: legacyBids.bidId })
          .from(legacyBids)
          .where(eq(legacyBids.batchId, batchId));
        const removedBids = await tx
          .delete(bids)
          .where(or(inArray(bids.id, batchBids), inArray(bids.taskId, batchTasks)))
          .returning({ id: bids.id });
        const removedTasks = await tx
          .delete(tasks)
          .where(inArray(tasks.id, batchTasks))
          .returning({ id: tasks.id });
        const removedUsers = await tx
          .delete(user)
          .where(
            and(
              inArray(
                user.id,
                tx
                  .select({ id: importedUsers.userId })
                  .from(importedUsers)
                  .where(
                    and(eq(importedUsers.batchId, batchId), eq(importedUsers.createdAccount, true)),
                  ),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(account)
                  .where(eq(account.userId, user.id)),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(tasks)
                  .where(eq(tasks.ownerId, user.id)),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(bids)
                  .where(eq(bids.bidderId, user.id)),
              ),
            ),
          )
          .returning({ id: user.id });
        await tx.delete(importBatches).where(eq(importBatches.id, batchId));
        return {
          tasks: removedTasks.length,
          bids: removedBids.length,
          accounts: removedUsers.length,
        };
      });
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
