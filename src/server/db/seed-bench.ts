import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { CATEGORIES, PRIORITIES } from '../../shared/constants.ts';
import { OWNER_STATUSES } from '../../shared/lifecycle.ts';
import type { Db } from './client.ts';
import { DEMO_LOCATIONS, DEMO_PASSWORD } from './seed-data.ts';
import type { SeedSummary } from './seed.ts';

export interface BenchOptions {
  tasks: number;
  bids: number;
  /** Defaults to one user per 100 tasks (at least 10). */
  users?: number;
  /** Rows per INSERT statement; the progress callback runs after each. */
  chunk?: number;
}

export type Progress = (
  phase: 'users' | 'tasks' | 'bids' | 'indexes' | 'vacuum',
  done: number,
  total: number,
) => void;

const VERBS = [
  'Build',
  'Design',
  'Write',
  'Fix',
  'Plan',
  'Translate',
  'Research',
  'Edit',
  'Review',
  'Set up',
  'Migrate',
  'Optimise',
  'Illustrate',
  'Market',
  'Test',
  'Organise',
];
const THINGS = [
  'landing page',
  'logo',
  'blog post',
  'mobile app',
  'database',
  'newsletter',
  'survey',
  'pitch deck',
  'checkout flow',
  'photo shoot',
  'product video',
  'user guide',
  'ad campaign',
  'dashboard',
  'wedding speech',
  'travel itinerary',
  'API',
  'brand book',
  'podcast',
  'spreadsheet',
];
const FOR = [
  'a coffee roastery',
  'a cycling club',
  'a dental clinic',
  'a bookshop',
  'a fintech startup',
  'a yoga studio',
  'a law firm',
  'a charity',
  'a bakery',
  'an architecture studio',
  'a school',
  'a family trip',
  'a hardware store',
  'a music festival',
  'a SaaS product',
  'a city council',
  'a pet shop',
];
const SKILLS = [
  'React',
  'TypeScript',
  'PostgreSQL',
  'Figma',
  'copywriting',
  'SEO',
  'Python',
  'Illustrator',
  'photography',
  'statistics',
  'WordPress',
  'accessibility',
  'German',
  'Spanish',
  'video editing',
  'Excel',
  'Node.js',
  'branding',
  'interviews',
  'analytics',
  'Shopify',
  'CSS',
  'Go',
  'Rust',
];
/** The demo's places (not its blank or its time-zone note), then more. */
const LOCATIONS = [
  ...DEMO_LOCATIONS.filter((l): l is string => l !== null && !l.includes('(')),
  'São Paulo, Brazil',
  'Bangalore, India',
  'Sydney, Australia',
  'Nairobi, Kenya',
  'Warsaw, Poland',
  'Mexico City, Mexico',
  'Tokyo, Japan',
];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** `arr[1 + (expr % len)]`: a deterministic pick from a list by the row number. */
const pick = (values: readonly string[], expr: string) =>
  sql`(${textArray(values)})[1 + ((${sql.raw(expr)}) % ${sql.raw(String(values.length))})]`;

/** Below this many tasks the indexes are kept up to date row by row; above, rebuilt after. */
const REBUILD_FROM = 10_000;

/**
 * A benchmark data set built with set-based SQL (generate_series, one INSERT … SELECT per
 * chunk): users sharing one password hash (DEMO_PASSWORD), tasks spread over every
 * category, priority, status, budget, deadline and location, and bids by users other than
 * the task's owner. Every value is a function of the row number, so the bids need no join
 * with the tasks: task n's id is md5(run, n), bid g goes to task g mod tasks as its
 * (g div tasks)-th bid. A third of the tasks that have bids got under way the way accepting
 * a bid leaves them: the first bid accepted, the others declined, In Progress, assigned to
 * that bidder. From 10,000 tasks on, the secondary indexes and foreign keys of tasks and
 * bids are dropped first and built again at the end (much faster than keeping them up to
 * date row by row).
 * One transaction: an interrupted run leaves nothing behind.
 */
export async function seedBenchmark(
  db: Db,
  options: BenchOptions,
  progress: Progress = () => {},
): Promise<SeedSummary> {
  const nTasks = options.tasks;
  const nBids = nTasks > 0 ? options.bids : 0;
  const nUsers = options.users ?? Math.max(10, Math.ceil(nTasks / 100));
  const chunk = options.chunk ?? 50_000;
  const run = randomBytes(4).toString('hex');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

  // Per task number n (SQL expressions over a column `n`).
  const taskId = (n: string) => sql`md5(${run} || '-task-' || ${sql.raw(n)})::uuid`;
  const bidId = (g: string) => sql`md5(${run} || '-bid-' || ${sql.raw(g)})::uuid`;
  const ownerN = (n: string) => sql.raw(`((${n})::bigint * 7 % ${nUsers})`);
  /** The user who placed task n's k-th bid: never its owner. */
  const bidderN = (n: string, k: string) =>
    sql.raw(
      `((${n})::bigint * 7 % ${nUsers} + 1 + ((${n}) + (${k})) % ${Math.max(1, nUsers - 1)}) % ${nUsers}`,
    );
  const budget = (n: string) =>
    sql.raw(
      `case when (${n}) % 25 = 24 then null else round((((${n})::bigint * 7919) % 500000) / 100.0 + 5, 2) end`,
    );
  /** Under way: every third block of 13 tasks, when the task has a first bid. */
  const underWay = (n: string) => sql.raw(`((${n}) / 13 % 3 = 1 and (${n}) < ${nBids})`);
  const createdAt = (n: string) =>
    sql.raw(`(now() - interval '1 day' - (${n}) * interval '37 seconds')`);

  await db.transaction(async (tx) => {
    progress('users', 0, nUsers);
    await tx.execute(
      sql`create temp table seed_users (n int primary key, id text not null) on commit drop`,
    );
    await tx.execute(sql`
      insert into seed_users (n, id) select g, gen_random_uuid()::text from generate_series(0, ${nUsers - 1}) g`);
    await tx.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select id, 'Bench User ' || n, 'bench-' || ${run} || '-' || n || '@example.com', true from seed_users`);
    await tx.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password)
      select gen_random_uuid()::text, id, 'credential', id, ${passwordHash} from seed_users`);
    progress('users', nUsers, nUsers);

    const rebuild = nTasks >= REBUILD_FROM;
    const indexes = rebuild
      ? rows<{ name: string; definition: string }>(
          await tx.execute(sql`
            select i.indexname as name, i.indexdef as definition from pg_indexes i
            where i.schemaname = current_schema() and i.tablename in ('tasks', 'bids')
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
        )
      : [];
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    // Foreign keys of the new rows are checked once, by one join each when they come back.
    const foreignKeys = rebuild
      ? rows<{ table: string; name: string; definition: string }>(
          await tx.execute(sql`
            select c.conrelid::regclass::text as table, c.conname as name,
              pg_get_constraintdef(c.oid) as definition
            from pg_constraint c
            where c.contype = 'f' and c.conrelid in ('tasks'::regclass, 'bids'::regclass)`),
        )
      : [];
    for (const key of foreignKeys) {
      await tx.execute(
        sql`alter table ${sql.raw(key.table)} drop constraint ${sql.identifier(key.name)}`,
      );
    }

    for (let from = 0; from < nTasks; from += chunk) {
      const to = Math.min(nTasks, from + chunk) - 1;
      await tx.execute(sql`
        insert into tasks (id, owner_id, title, description, priority, category, deadline, estimated_time, budget, status, location, assigned_to, assignee_id, accepted_bid_id, created_at, updated_at)
        select ${taskId('tn')}, owner.id,
          ${pick(VERBS, 'tn')} || ' ' || ${pick(THINGS, 'tn / 7')} || ' for ' || ${pick(FOR, 'tn / 3')},
          'We need help with a ' || ${pick(THINGS, 'tn / 7')} || ' for ' || ${pick(FOR, 'tn / 3')} || '. Skills: ' || ${pick(SKILLS, 'tn')} || ', ' || ${pick(SKILLS, 'tn / 5 + 3')} || '. '
            || 'Please share relevant work, a short plan and the time you need. Task reference ' || tn || '.',
          ${pick(PRIORITIES, 'tn / 11')},
          ${pick(CATEGORIES, 'tn')},
          current_date + ((tn * 13) % 420 - 60),
          case when tn % 10 = 9 then null else ((tn * 3) % 160) / 2.0 end,
          ${budget('tn')},
          case when ${underWay('tn')} then 'In Progress' else ${pick(OWNER_STATUSES, 'tn / 13 % 3 / 2')} end,
          case when tn % 8 = 7 then null else ${pick(LOCATIONS, 'tn / 17')} end,
          case when ${underWay('tn')} then 'Bench User ' || bidder.n end,
          case when ${underWay('tn')} then bidder.id end,
          case when ${underWay('tn')} then ${bidId('tn')} end,
          ${createdAt('tn')},
          ${createdAt('tn')}
        from generate_series(${from}::int, ${to}::int) as series(tn)
        join seed_users owner on owner.n = ${ownerN('tn')}
        join seed_users bidder on bidder.n = ${bidderN('tn', '0')}`);
      progress('tasks', to + 1, nTasks);
    }

    for (let from = 0; from < nBids; from += chunk) {
      const to = Math.min(nBids, from + chunk) - 1;
      const n = `(g % ${nTasks})`;
      const k = `(g / ${nTasks})`;
      await tx.execute(sql`
        insert into bids (id, task_id, bidder_id, amount, deadline, message, status, created_at)
        select ${bidId('g')}, ${taskId(n)}, bidder.id,
          greatest(1, round(coalesce(${budget(n)}, 300) * (0.7 + (g % 61) / 100.0), 2)),
          current_date + 1 + g % 90,
          case when g % 3 = 0 then 'I can start this week; bid reference ' || g || '.' end,
          case when not ${underWay(n)} then 'pending' when ${sql.raw(k)} = 0 then 'accepted' else 'declined' end,
          least(now(), ${createdAt(n)} + (${sql.raw(k)} * 100 + g % 60 + 1) * interval '10 seconds')
        from generate_series(${from}::int, ${to}::int) g
        join seed_users bidder on bidder.n = ${bidderN(n, k)}`);
      progress('bids', to + 1, nBids);
    }

    const rebuilt = indexes.length + foreignKeys.length;
    for (const [i, index] of indexes.entries()) {
      progress('indexes', i, rebuilt);
      await tx.execute(sql.raw(index.definition));
    }
    for (const [i, key] of foreignKeys.entries()) {
      progress('indexes', indexes.length + i, rebuilt);
      await tx.execute(
        sql`alter table ${sql.raw(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
      );
    }
    if (rebuilt > 0) progress('indexes', rebuilt, rebuilt);
  });

  // Fresh statistics and visibility map: what autovacuum would reach a little later.
  progress('vacuum', 0, 1);
  await db.execute(sql`vacuum analyze "user", account, tasks, bids`);
  progress('vacuum', 1, 1);
  return { users: nUsers, tasks: nTasks, bids: nBids };
}
