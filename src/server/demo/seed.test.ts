import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { CATEGORIES, PRIORITIES, TASK_STATUSES } from '../../shared/constants.ts';
import { cookieFrom, jsonHeaders } from '../../../tests/factories/users.ts';
import { createTestApp, useTestApp } from '../../../tests/setup/test-app.ts';
import { bids, questions, tasks, user } from '../platform/db/schema.ts';
import { seedOnFirstStart } from './first-start.ts';
import { seedBenchmark } from '../../../tools/seed/seed-bench.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_USERS } from './seed-data.ts';
import { seedDemo } from './seed.ts';

describe('demo seed', () => {
  const t = useTestApp();

  it('fills an empty database with users, ~60 tasks over every list value, and bids', async () => {
    const summary = await seedDemo(t.app.database.db);
    // The members, and one admin for the console.
    expect(summary).toEqual({ users: DEMO_USERS.length + 1, tasks: 60, bids: expect.any(Number) });
    const db = t.app.database.db;
    const rows = await db
      .select({ category: tasks.category, priority: tasks.priority, status: tasks.status })
      .from(tasks);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(PRIORITIES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(TASK_STATUSES));
    // A task under way got there by an accepted bid: assigned, the bid accepted.
    const underWay = await db
      .select({ assignedTo: tasks.assignedTo, bidStatus: bids.status, bidder: bids.bidderId })
      .from(tasks)
      .leftJoin(bids, eq(bids.id, tasks.acceptedBidId))
      .where(eq(tasks.status, 'In Progress'));
    expect(underWay.length).toBeGreaterThan(0);
    for (const task of underWay) {
      expect(task.assignedTo).toEqual(expect.any(String));
      expect(task.bidStatus).toBe('accepted');
    }
    const perTask = await db
      .select({ taskId: bids.taskId, n: count() })
      .from(bids)
      .groupBy(bids.taskId);
    expect(Math.max(...perTask.map((r) => r.n))).toBeGreaterThanOrEqual(3);
    // Nobody bids on their own task.
    const own = await db
      .select({ n: count() })
      .from(bids)
      .innerJoin(tasks, eq(tasks.id, bids.taskId))
      .where(eq(tasks.ownerId, bids.bidderId));
    expect(own[0]?.n).toBe(0);
    // Questions, most answered, never by a task's own owner.
    const asked = await db
      .select({
        answer: questions.answer,
        own: sql<boolean>`${tasks.ownerId} = ${questions.askerId}`,
      })
      .from(questions)
      .innerJoin(tasks, eq(tasks.id, questions.taskId));
    expect(asked.length).toBeGreaterThan(5);
    expect(asked.filter((q) => q.answer !== null).length).toBeGreaterThan(asked.length / 2);
    expect(asked.filter((q) => q.own)).toEqual([]);

    // Conversations whose counters and read points agree with their messages.
    const conversations = await db.execute(sql`
      select t.id, t.message_count, max(m.seq)::int as last, count(distinct m.id)::int as n,
        (select count(*)::int from thread_participants p where p.thread_id = t.id) as sides,
        (select coalesce(sum(p.unread_count), 0)::int from thread_participants p where p.thread_id = t.id) as unread,
        (select count(*)::int from thread_participants p join messages u
          on u.thread_id = p.thread_id and u.seq > p.last_read_seq and u.sender_id <> p.user_id
          where p.thread_id = t.id) as counted
      from threads t join messages m on m.thread_id = t.id group by t.id`);
    const threadRows = (
      conversations as unknown as {
        rows: {
          message_count: number;
          last: number;
          n: number;
          sides: number;
          unread: number;
          counted: number;
        }[];
      }
    ).rows;
    expect(threadRows.length).toBeGreaterThanOrEqual(3);
    for (const row of threadRows) {
      expect(row).toMatchObject({
        message_count: row.n,
        last: row.n,
        sides: 2,
        unread: row.counted,
      });
    }
    expect(threadRows.some((r) => r.unread > 0)).toBe(true);

    // Completed work with both reviews published; each profile's ratings match its counted reviews.
    const completed = await db
      .select({ n: count() })
      .from(tasks)
      .where(eq(tasks.status, 'Completed'));
    expect(completed[0]?.n).toBeGreaterThan(0);
    const people = await db.select({ id: user.id }).from(user).where(eq(user.role, 'user'));
    let rated = 0;
    for (const person of people) {
      const profile = (await t.app.inject({ url: `/api/users/${person.id}` })).json();
      const received = await t.app.inject({ url: `/api/users/${person.id}/reviews?limit=100` });
      const list = received.json<{ rating: number; role: string; counted: boolean }[]>();
      for (const side of ['client', 'freelancer'] as const) {
        const mine = list.filter((r) => r.role === side && r.counted);
        expect(profile[side].rating.count).toBe(mine.length);
        if (mine.length > 0) rated += 1;
      }
      expect(profile.headline).not.toBe('');
    }
    expect(rated).toBeGreaterThan(2);
  });

  it('gives every demo user a password that signs in', async () => {
    for (const { email, name } of [...DEMO_USERS, DEMO_ADMIN]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, email).toBe(200);
      expect(res.json().user).toMatchObject({ email, name });
    }
  });

  it('the demo admin opens a review queue with something in it', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
    });
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const queue = await t.app.inject({ url: '/api/admin/queue', headers: jsonHeaders(cookie) });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toHaveLength(3);
    expect(queue.json()[0]).toMatchObject({ targetType: 'task', reportCount: 2 });
  });

  it('adds nothing when run again', async () => {
    expect(await seedDemo(t.app.database.db)).toEqual({ users: 0, tasks: 0, bids: 0 });
    const [n] = await t.app.database.db.select({ n: count() }).from(tasks);
    expect(n?.n).toBe(60);
  });

  it('shows a task with 3 or more bids through the API', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/tasks?limit=100' })).json();
    const details = await Promise.all(
      page.map(
        async (x: { _id: string }) =>
          (await t.app.inject({ method: 'GET', url: `/api/tasks/${x._id}` })).json().bidCount,
      ),
    );
    expect(details.some((n: number) => n >= 3)).toBe(true);
  });
});

describe('first start', () => {
  it('seeds a fresh embedded database only, and only once', async () => {
    const t = await createTestApp({ SEED_ON_FIRST_START: 'true' });
    try {
      await seedOnFirstStart(t.app);
      await seedOnFirstStart(t.app);
      const [n] = await t.app.database.db.select({ n: count() }).from(tasks);
      // The postgres project runs on a PostgreSQL server: never seeded there.
      expect(n?.n).toBe(t.app.database.kind === 'pglite' ? 60 : 0);
    } finally {
      await t.close();
    }
  });

  it('leaves the database empty when SEED_ON_FIRST_START is false', async () => {
    const t = await createTestApp({ SEED_ON_FIRST_START: 'false' });
    try {
      await seedOnFirstStart(t.app);
      const [n] = await t.app.database.db.select({ n: count() }).from(user);
      expect(n?.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('benchmark seed', () => {
  it('builds the requested numbers of tasks and bids with valid values', async () => {
    const t = await createTestApp();
    try {
      const db = t.app.database.db;
      const phases = new Set<string>();
      // On PostgreSQL through its own connections (COPY), as `npm run seed` does.
      const target = t.app.database.kind === 'postgres' ? t.databaseUrl : db;
      const summary = await seedBenchmark(target, { tasks: 600, bids: 1500, chunk: 250 }, (phase) =>
        phases.add(phase),
      );
      expect(summary).toEqual({ users: 10, tasks: 600, bids: 1500 });
      expect(phases).toEqual(new Set(['users', 'tasks', 'bids', 'vacuum']));
      const [counts] = (
        (await db.execute(sql`
          select (select count(*) from tasks)::int as tasks, (select count(*) from bids)::int as bids,
            (select count(*) from bids b join tasks t on t.id = b.task_id where b.bidder_id = t.owner_id)::int as own,
            (select count(distinct category) from tasks)::int as categories,
            (select count(*) from bids where amount < 1)::int as cheap`)) as unknown as {
          rows: Record<string, number>[];
        }
      ).rows;
      expect(counts).toEqual({ tasks: 600, bids: 1500, own: 0, categories: 6, cheap: 0 });
      // Tasks under way got there by an accepted bid: its bidder is assigned, the rest declined.
      const [underWay] = (
        (await db.execute(sql`
          select count(*)::int as "inProgress",
            count(*) filter (where b.status = 'accepted' and t.assignee_id = b.bidder_id
              and t.assigned_to = u.name)::int as assigned,
            (select count(*) from bids d join tasks o on o.id = d.task_id
              where o.status = 'In Progress' and d.id <> o.accepted_bid_id and d.status <> 'declined')::int as undeclined,
            (select count(*) from bids d join tasks o on o.id = d.task_id
              where o.status <> 'In Progress' and d.status <> 'pending')::int as decided,
            (select count(*) from tasks where status <> 'In Progress' and assignee_id is not null)::int as stray
          from tasks t left join bids b on b.id = t.accepted_bid_id left join "user" u on u.id = b.bidder_id
          where t.status = 'In Progress'`)) as unknown as { rows: Record<string, number>[] }
      ).rows;
      expect(underWay!.inProgress).toBeGreaterThan(100);
      expect(underWay).toEqual({
        inProgress: underWay!.inProgress,
        assigned: underWay!.inProgress,
        undeclined: 0,
        decided: 0,
        stray: 0,
      });
      // Its rows read back through the API like any others.
      const res = await t.app.inject({ method: 'GET', url: '/api/tasks?sort=priceHigh' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('600');
    } finally {
      await t.close();
    }
  });
});
