import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { CATEGORIES, FORM_STATUSES, PRIORITIES } from '../../shared/constants.ts';
import type { Db } from './client.ts';
import { DEMO_PASSWORD } from './seed-data.ts';
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
  phase: 'users' | 'tasks' | 'bids' | 'vacuum',
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
const LOCATIONS = [
  'Remote',
  'Berlin, Germany',
  'Lagos, Nigeria',
  'San Francisco, USA',
  'Ho Chi Minh City, Vietnam',
  'Milan, Italy',
  'Toronto, Canada',
  'London, UK',
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

/**
 * A benchmark data set built with set-based SQL (generate_series, one INSERT … SELECT per
 * chunk): users sharing one password hash (DEMO_PASSWORD), tasks spread over every
 * category, priority, status, budget, deadline and location, and bids by users other than
 * the task's owner. One transaction: an interrupted run leaves nothing behind.
 */
export async function seedBenchmark(
  db: Db,
  options: BenchOptions,
  progress: Progress = () => {},
): Promise<SeedSummary> {
  const nTasks = options.tasks;
  const nBids = nTasks > 0 ? options.bids : 0;
  const nUsers = options.users ?? Math.max(10, Math.ceil(nTasks / 100));
  const chunk = options.chunk ?? 10_000;
  const run = randomBytes(4).toString('hex');
  const passwordHash = await hashPassword(DEMO_PASSWORD);

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

    await tx.execute(
      sql`create temp table seed_tasks (n int primary key, id uuid not null, owner_n int not null, budget numeric, created_at timestamptz not null) on commit drop`,
    );
    for (let from = 0; from < nTasks; from += chunk) {
      const to = Math.min(nTasks, from + chunk) - 1;
      await tx.execute(sql`
        with g as (
          select g as n, gen_random_uuid() as id, (g * 7) % ${nUsers} as owner_n from generate_series(${from}::int, ${to}::int) g
        ), ins as (
          insert into tasks (id, owner_id, title, description, priority, category, deadline, estimated_time, budget, status, location, created_at, updated_at)
          select g.id, u.id,
            ${pick(VERBS, 'g.n')} || ' ' || ${pick(THINGS, 'g.n / 7')} || ' for ' || ${pick(FOR, 'g.n / 3')},
            'We need help with a ' || ${pick(THINGS, 'g.n / 7')} || ' for ' || ${pick(FOR, 'g.n / 3')} || '. Skills: ' || ${pick(SKILLS, 'g.n')} || ', ' || ${pick(SKILLS, 'g.n / 5 + 3')} || '. '
              || 'Please share relevant work, a short plan and the time you need. Task reference ' || g.n || '.',
            ${pick(PRIORITIES, 'g.n / 11')},
            ${pick(CATEGORIES, 'g.n')},
            current_date + ((g.n * 13) % 420 - 60),
            case when g.n % 10 = 9 then null else ((g.n * 3) % 160) / 2.0 end,
            case when g.n % 25 = 24 then null else round(((g.n::bigint * 7919) % 500000) / 100.0 + 5, 2) end,
            ${pick(FORM_STATUSES, 'g.n / 13')},
            case when g.n % 8 = 7 then null else ${pick(LOCATIONS, 'g.n / 17')} end,
            now() - g.n * interval '37 seconds',
            now() - g.n * interval '37 seconds'
          from g join seed_users u on u.n = g.owner_n
          returning id, budget, created_at
        )
        insert into seed_tasks (n, id, owner_n, budget, created_at)
        select g.n, g.id, g.owner_n, ins.budget, ins.created_at from g join ins on ins.id = g.id`);
      progress('tasks', to + 1, nTasks);
    }

    await tx.execute(sql`analyze seed_users, seed_tasks`);
    for (let from = 0; from < nBids; from += chunk) {
      const to = Math.min(nBids, from + chunk) - 1;
      await tx.execute(sql`
        insert into bids (task_id, bidder_id, amount, deadline, message, created_at)
        select t.id, u.id,
          greatest(1, round(coalesce(t.budget, 300) * (0.7 + (g % 61) / 100.0), 2)),
          current_date + 1 + g % 90,
          case when g % 3 = 0 then 'I can start this week; bid reference ' || g || '.' end,
          least(now(), t.created_at + (g % 5000) * interval '1 minute')
        from generate_series(${from}::int, ${to}::int) g
        join seed_tasks t on t.n = (g::bigint * 2654435761 % ${nTasks})::int
        join seed_users u on u.n = (t.owner_n + 1 + g % ${Math.max(1, nUsers - 1)}) % ${nUsers}`);
      progress('bids', to + 1, nBids);
    }
  });

  // Fresh statistics and visibility map: what autovacuum would reach a little later.
  progress('vacuum', 0, 1);
  await db.execute(sql`vacuum analyze "user", account, tasks, bids`);
  progress('vacuum', 1, 1);
  return { users: nUsers, tasks: nTasks, bids: nBids };
}
