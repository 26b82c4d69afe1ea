import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORIES, PRIORITIES } from '../../shared/constants.ts';
import { OWNER_STATUSES } from '../../shared/lifecycle.ts';
import type { Db } from './client.ts';
import {
  account,
  bids,
  messages,
  profiles,
  questions,
  reviews,
  tasks,
  threadParticipants,
  threads,
  user,
} from './schema.ts';
import {
  DEMO_BID_MESSAGES,
  DEMO_CONVERSATIONS,
  DEMO_LOCATIONS,
  DEMO_PASSWORD,
  DEMO_PROFILES,
  DEMO_QUESTIONS,
  DEMO_REVIEW_COMMENTS,
  DEMO_TASKS,
  DEMO_USERS,
} from './seed-data.ts';

export interface SeedSummary {
  users: number;
  tasks: number;
  bids: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of today plus `days`. */
function dateFromToday(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

/** Credential accounts for new users that share one password hash. */
export function credentialAccounts(userIds: string[], passwordHash: string) {
  return userIds.map((userId) => ({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
  }));
}

/**
 * The demo data set: six users who sign in with DEMO_PASSWORD, 60 tasks over every
 * category, priority and status an owner sets, and bids (the first two tasks have 4 and 3
 * bids, so the discount shows). Every fourth task with bids is under way: its first bid
 * accepted, the others declined, In Progress and assigned, as accepting a bid leaves it;
 * every second of those is Completed, with both sides' reviews published, so the people's
 * profiles show real ratings. All in one transaction; running it again adds nothing.
 */
export async function seedDemo(db: Db): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const emails = DEMO_USERS.map((u) => u.email);
    const created = await tx
      .insert(user)
      .values(DEMO_USERS.map((u) => ({ id: randomUUID(), ...u, emailVerified: true })))
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (created.length > 0)
      await tx.insert(account).values(
        credentialAccounts(
          created.map((u) => u.id),
          passwordHash,
        ),
      );
    const owners = await tx
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(inArray(user.email, emails));
    const ids = emails.map((e) => owners.find((o) => o.email === e)?.id ?? '');
    const [existing] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(inArray(tasks.ownerId, ids));
    if ((existing?.n ?? 0) > 0) return { users: created.length, tasks: 0, bids: 0 };

    const rows = CATEGORIES.flatMap((category, c) =>
      DEMO_TASKS[category].map(([title, summary], i) => {
        const n = c * 10 + i;
        return {
          ownerId: ids[n % ids.length] ?? '',
          title,
          description: `${summary} Please include a short plan and an estimate of the time you need. Questions are welcome before you bid.`,
          priority: PRIORITIES[(n + c) % PRIORITIES.length] ?? 'Medium',
          category,
          deadline: dateFromToday(5 + ((n * 7) % 80)),
          estimatedTime: n % 5 === 4 ? null : 2 + ((n * 3) % 40) / 2,
          budget: n % 9 === 8 ? null : 40 + ((n * 137) % 4000) + (n % 3) * 0.5,
          status: OWNER_STATUSES[Math.floor(n / 2) % OWNER_STATUSES.length] ?? 'Not Started',
          location: DEMO_LOCATIONS[n % DEMO_LOCATIONS.length] ?? null,
          createdAt: new Date(Date.now() - (n * 17 + 3) * 60 * 60 * 1000),
        };
      }),
    );
    const inserted = await tx.insert(tasks).values(rows).returning({
      id: tasks.id,
      ownerId: tasks.ownerId,
      title: tasks.title,
      budget: tasks.budget,
      createdAt: tasks.createdAt,
    });

    // Bids per task: 4, 3, then 2, 1, 0, 1, 0, … from users other than the owner.
    const bidRows = inserted.flatMap((task, t) => {
      const howMany = t === 0 ? 4 : t === 1 ? 3 : [2, 1, 0, 1, 0][t % 5]!;
      const bidders = ids.filter((id) => id !== task.ownerId);
      return Array.from({ length: howMany }, (_, b) => ({
        taskId: task.id,
        bidderId: bidders[(t + b) % bidders.length] ?? '',
        amount: Math.max(1, Math.round((task.budget ?? 300) * (0.8 + b * 0.07) * 100) / 100),
        deadline: dateFromToday(10 + ((t + b * 5) % 40)),
        message: DEMO_BID_MESSAGES[(t + b) % DEMO_BID_MESSAGES.length] ?? null,
        createdAt: new Date(task.createdAt.getTime() + (b + 1) * 20 * 60 * 1000),
      }));
    });
    const placed =
      bidRows.length > 0
        ? await tx
            .insert(bids)
            .values(bidRows)
            .returning({ id: bids.id, taskId: bids.taskId, bidderId: bids.bidderId })
        : [];
    for (const [t, task] of inserted.entries()) {
      const [first, ...others] = placed.filter((b) => b.taskId === task.id);
      if (t % 4 !== 3 || !first) continue;
      await tx.update(bids).set({ status: 'accepted' }).where(eq(bids.id, first.id));
      if (others.length > 0)
        await tx
          .update(bids)
          .set({ status: 'declined' })
          .where(
            inArray(
              bids.id,
              others.map((b) => b.id),
            ),
          );
      await tx
        .update(tasks)
        .set({
          status: 'In Progress',
          assignedTo: owners.find((o) => o.id === first.bidderId)?.name ?? null,
          assigneeId: first.bidderId,
          acceptedBidId: first.id,
        })
        .where(eq(tasks.id, task.id));
    }
    await seedReviews(tx, inserted, owners);
    await seedQuestions(tx, inserted, ids);
    await seedConversations(tx, inserted, placed, ids[0] ?? '');
    await tx.execute(sql`analyze tasks`);
    return { users: created.length, tasks: inserted.length, bids: bidRows.length };
  });
}

/**
 * Questions on the first six tasks from people other than their owners, newest first as the
 * page shows them; most answered half an hour later (past the window for changing it).
 */
async function seedQuestions(
  tx: Db,
  inserted: { id: string; ownerId: string; createdAt: Date }[],
  ids: string[],
) {
  const rows = inserted.slice(0, 6).flatMap((task, t) => {
    const askers = ids.filter((id) => id !== task.ownerId);
    return Array.from({ length: 1 + (t % 3) }, (_, q) => {
      const [text, answer] = DEMO_QUESTIONS[(t + q) % DEMO_QUESTIONS.length]!;
      const createdAt = new Date(task.createdAt.getTime() + (q + 1) * 45 * 60 * 1000);
      const answeredAt = answer ? new Date(createdAt.getTime() + 30 * 60 * 1000) : null;
      return {
        taskId: task.id,
        askerId: askers[(t + q) % askers.length] ?? '',
        text,
        answer,
        answeredAt,
        createdAt,
      };
    });
  });
  await tx.insert(questions).values(rows);
}

/**
 * A few private conversations, each about a different task, all involving the first demo
 * person (as poster or bidder). Every other one ends with a message its recipient has not
 * read yet; counters and read points are written as sending and reading keep them.
 */
async function seedConversations(
  tx: Db,
  inserted: { id: string; ownerId: string; title: string; createdAt: Date }[],
  placed: { taskId: string; bidderId: string }[],
  person: string,
) {
  const taken = new Set<string>();
  const pairs = placed.flatMap((bid) => {
    const task = inserted.find((t) => t.id === bid.taskId);
    if (!task || taken.has(task.id) || (task.ownerId !== person && bid.bidderId !== person))
      return [];
    taken.add(task.id);
    return [{ task, bidderId: bid.bidderId }];
  });
  for (const [c, { task, bidderId }] of pairs.slice(0, DEMO_CONVERSATIONS.length).entries()) {
    const { opens, lines } = DEMO_CONVERSATIONS[c]!;
    const n = lines.length;
    const at = (seq: number) => new Date(task.createdAt.getTime() + (60 + seq * 9) * 60 * 1000);
    const senderOf = (seq: number) =>
      (seq % 2 === 1) === (opens === 'bidder') ? bidderId : task.ownerId;
    const [thread] = await tx
      .insert(threads)
      .values({
        taskId: task.id,
        taskTitle: task.title,
        ownerId: task.ownerId,
        bidderId,
        messageCount: n,
        createdAt: at(0),
      })
      .returning({ id: threads.id });
    await tx.insert(messages).values(
      lines.map((body, i) => ({
        threadId: thread!.id,
        seq: i + 1,
        senderId: senderOf(i + 1),
        body,
        createdAt: at(i + 1),
      })),
    );
    const unreadLast = c % 2 === 0;
    await tx.insert(threadParticipants).values(
      [task.ownerId, bidderId].map((userId) => {
        const waiting = unreadLast && senderOf(n) !== userId;
        return {
          threadId: thread!.id,
          userId,
          otherId: userId === task.ownerId ? bidderId : task.ownerId,
          lastActivityAt: at(n),
          lastReadSeq: waiting ? n - 1 : n,
          unreadCount: waiting ? 1 : 0,
        };
      }),
    );
  }
}

/**
 * Completes every second task under way, a few days ago, with a published review each way,
 * gives the demo people their profile texts, and keeps the ratings as publishing does.
 */
async function seedReviews(
  tx: Db,
  inserted: { id: string; ownerId: string }[],
  people: { id: string; email: string }[],
) {
  const underWay = await tx
    .select({ id: tasks.id, ownerId: tasks.ownerId, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        inserted.map((t) => t.id),
      ),
    );
  const done = underWay.filter((t) => t.assigneeId !== null).filter((_, i) => i % 2 === 0);
  for (const [i, task] of done.entries()) {
    const completedAt = new Date(Date.now() - (i + 2) * 24 * 60 * 60 * 1000);
    await tx.update(tasks).set({ status: 'Completed', completedAt }).where(eq(tasks.id, task.id));
    const comment = (k: number) => DEMO_REVIEW_COMMENTS[(i + k) % DEMO_REVIEW_COMMENTS.length]!;
    const publishedAt = new Date(completedAt.getTime() + 6 * 60 * 60 * 1000);
    await tx.insert(reviews).values([
      {
        taskId: task.id,
        reviewerId: task.ownerId,
        revieweeId: task.assigneeId!,
        role: 'freelancer' as const,
        rating: 5 - (i % 3 === 2 ? 1 : 0),
        comment: comment(1),
        createdAt: publishedAt,
        publishedAt,
      },
      {
        taskId: task.id,
        reviewerId: task.assigneeId!,
        revieweeId: task.ownerId,
        role: 'client' as const,
        rating: 5 - (i % 2),
        comment: comment(0),
        createdAt: publishedAt,
        publishedAt,
      },
    ]);
  }
  await tx
    .insert(profiles)
    .values(
      people.map((p) => {
        const text = DEMO_PROFILES[p.email];
        return {
          userId: p.id,
          headline: text?.headline ?? '',
          bio: text?.bio ?? '',
          skills: text?.skills ?? [],
          location: DEMO_LOCATIONS[people.indexOf(p) % DEMO_LOCATIONS.length] ?? '',
        };
      }),
    )
    .onConflictDoNothing();
  // The ratings, as the publishing transaction keeps them: sums and counts per side.
  await tx.execute(sql`
    update ${user} set
      client_rating_sum = r.client_sum, client_rating_count = r.client_count,
      freelancer_rating_sum = r.freelancer_sum, freelancer_rating_count = r.freelancer_count
    from (
      select reviewee_id,
        coalesce(sum(rating) filter (where role = 'client'), 0)::int as client_sum,
        (count(*) filter (where role = 'client'))::int as client_count,
        coalesce(sum(rating) filter (where role = 'freelancer'), 0)::int as freelancer_sum,
        (count(*) filter (where role = 'freelancer'))::int as freelancer_count
      from ${reviews} where published_at is not null group by reviewee_id
    ) r
    where ${user.id} = r.reviewee_id`);
}
