import { CATEGORIES, PRIORITIES } from '../../src/shared/constants.ts';
import { OWNER_STATUSES } from '../../src/shared/lifecycle.ts';
import { DEMO_LOCATIONS } from '../../src/server/demo/seed-data.ts';

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

/** A SQL string literal. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `arr[1 + (expr % len)]`: a deterministic pick from a list by the row number. */
const pick = (values: readonly string[], expr: string) =>
  `(array[${values.map(literal).join(',')}]::text[])[1 + ((${expr}) % ${values.length})]`;

export const USER_COLUMNS = ['id', 'name', 'email', 'email_verified'];
export const TASK_COLUMNS = [
  'id',
  'owner_id',
  'title',
  'description',
  'priority',
  'category',
  'deadline',
  'estimated_time',
  'budget',
  'status',
  'location',
  'assigned_to',
  'assignee_id',
  'accepted_bid_id',
  'created_at',
  'updated_at',
];
export const BID_COLUMNS = [
  'id',
  'task_id',
  'bidder_id',
  'amount',
  'deadline',
  'message',
  'status',
  'created_at',
];

/**
 * The SELECTs that make a benchmark data set, each over a range of row numbers. Every value
 * is a function of the row number (and the run's tag), so no row needs another: user n's id
 * is md5(run, user, n), task n's md5(run, task, n); bid g goes to task g mod tasks as its
 * (g div tasks)-th bid. A third of the tasks that have bids got under way the way accepting
 * a bid leaves them: the first bid accepted, the others declined, In Progress, assigned to
 * that bidder. The columns are USER_COLUMNS, TASK_COLUMNS and BID_COLUMNS, in order.
 */
export function benchRows(run: string, nUsers: number, nTasks: number, nBids: number) {
  const tag = literal(run);
  const userId = (n: string) => `md5(${tag} || '-user-' || (${n}))::uuid::text`;
  const taskId = (n: string) => `md5(${tag} || '-task-' || (${n}))::uuid`;
  const bidId = (g: string) => `md5(${tag} || '-bid-' || (${g}))::uuid`;
  const ownerN = (n: string) => `((${n})::bigint * 7 % ${nUsers})`;
  /** The user who placed task n's k-th bid: never its owner. */
  const bidderN = (n: string, k: string) =>
    `((${n})::bigint * 7 % ${nUsers} + 1 + ((${n}) + (${k})) % ${Math.max(1, nUsers - 1)}) % ${nUsers}`;
  const budget = (n: string) =>
    `case when (${n}) % 25 = 24 then null else round((((${n})::bigint * 7919) % 500000) / 100.0 + 5, 2) end`;
  /** Under way: every third block of 13 tasks, when the task has a first bid. */
  const underWay = (n: string) => `((${n}) / 13 % 3 = 1 and (${n}) < ${nBids})`;
  const createdAt = (n: string) => `(now() - interval '1 day' - (${n}) * interval '37 seconds')`;
  const series = (name: string, from: number, to: number) =>
    `from generate_series(${from}::int, ${to}::int) as series(${name})`;

  return {
    users: (from: number, to: number) => `
      select ${userId('n')}, 'Bench User ' || n, 'bench-' || ${tag} || '-' || n || '@example.com', true
      ${series('n', from, to)}`,
    /** The users' credential accounts (columns id, account_id, provider_id, user_id, password). */
    accounts: (from: number, to: number, passwordHash: string) => `
      select gen_random_uuid()::text, ${userId('n')}, 'credential', ${userId('n')}, ${literal(passwordHash)}
      ${series('n', from, to)}`,
    tasks: (from: number, to: number) => `
      select ${taskId('tn')}, ${userId(ownerN('tn'))},
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
        case when ${underWay('tn')} then 'Bench User ' || ${bidderN('tn', '0')} end,
        case when ${underWay('tn')} then ${userId(bidderN('tn', '0'))} end,
        case when ${underWay('tn')} then ${bidId('tn')} end,
        ${createdAt('tn')},
        ${createdAt('tn')}
      ${series('tn', from, to)}`,
    bids: (from: number, to: number) => {
      const n = `(g % ${Math.max(1, nTasks)})`;
      const k = `(g / ${Math.max(1, nTasks)})`;
      return `
      select ${bidId('g')}, ${taskId(n)}, ${userId(bidderN(n, k))},
        greatest(1, round(coalesce(${budget(n)}, 300) * (0.7 + (g % 61) / 100.0), 2)),
        current_date + 1 + g % 90,
        case when g % 3 = 0 then 'I can start this week; bid reference ' || g || '.' end,
        case when not ${underWay(n)} then 'pending' when ${k} = 0 then 'accepted' else 'declined' end,
        least(now(), ${createdAt(n)} + (${k} * 100 + g % 60 + 1) * interval '10 seconds')
      ${series('g', from, to)}`;
    },
  };
}
