/**
 * `npm run bench:alerts`: what matching saved searches against new tasks costs, the work of
 * the alert jobs. 10,000 saved searches (1,000 people with 10 each: search terms, categories,
 * price ranges, places, skills, every sort) are matched against 1,000 new tasks, posted after
 * 4,000 older ones:
 *   match   `matchTasks` for each search alone (one query each, as both jobs run it);
 *   digest  (with `--digest`) `sendDigests` with every search due: claiming, matching and
 *           moving watermarks, in batches of people (no mail: the addresses are not verified).
 * Prints the total time, the time per search and per matched task. PGlite in memory by
 * default; PostgreSQL when DATABASE_URL (or TEST_DATABASE_URL) is given, in a database of its
 * own (`--db`), dropped at the end. Never fails on a figure.
 *
 *   npm run bench:alerts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:alerts
 *   … npm run bench:alerts -- --searches 2000 --tasks 500 --digest
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { canonicalCriteria, criteriaKey, type ParsedCriteria } from '../src/shared/alerts/rules.ts';
import { CATEGORIES, type TaskSort } from '../src/shared/constants.ts';
import { openDatabase, type Database } from '../src/server/platform/db/client.ts';
import { savedSearches, tasks, user } from '../src/server/platform/db/schema.ts';
import { matchTasks, sendDigests } from '../src/server/features/alerts/index.ts';
import { withDatabase } from '../tests/setup/database-url.ts';
import { ownDatabase, query } from './databases.ts';

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '10000' },
    tasks: { type: 'string', default: '1000' },
    old: { type: 'string', default: '4000' },
    db: { type: 'string', default: 'taskbid_alerts_bench' },
    digest: { type: 'boolean', default: false },
  },
});
const SEARCHES = Number(values.searches);
const NEW_TASKS = Number(values.tasks);
const OLD_TASKS = Number(values.old);
const MARK = 'created by npm run bench:alerts';
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(adminUrl);

const say = (line: string) => process.stdout.write(`${line}\n`);
const WORDS = [
  'logo',
  'website',
  'garden',
  'piano',
  'essay',
  'mobile app',
  'fence',
  'poster',
  'translation',
  'video',
  'wedding',
  'database',
  'kitchen',
  'podcast',
  'resume',
  'survey',
];
const PLACES = ['Remote', 'Berlin', 'Lisbon', 'Austin', 'Nairobi', 'Osaka'];
const SKILLS = ['figma', 'react', 'sql', 'copywriting', 'ui', 'go'];
const SORTS: TaskSort[] = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** The i-th search: a term, a category, a price range, a place or skills, mixed. */
function criteria(i: number): ParsedCriteria {
  const c: ParsedCriteria = { sort: pick(SORTS, i) };
  if (i % 2 === 0) c.search = pick(WORDS, i >> 1);
  if (i % 3 === 0) c.category = pick(CATEGORIES, i);
  if (i % 4 === 1) [c.minPrice, c.maxPrice] = [(i % 10) * 20, (i % 10) * 20 + 300];
  if (i % 5 === 2) c.location = pick(PLACES, i);
  if (i % 7 === 3 || (!c.search && !c.category && c.minPrice === undefined && !c.location))
    c.skills = pick(SKILLS, i);
  return c;
}

function task(ownerId: string, i: number) {
  return {
    ownerId,
    title: `${pick(WORDS, i)} for a ${pick(WORDS, i * 7 + 3)} project ${i}`,
    description: `Needs ${pick(SKILLS, i)} and care. ${pick(WORDS, i * 3)} work.`,
    priority: 'Medium' as const,
    category: pick(CATEGORIES, i * 5),
    deadline: '2030-06-30',
    estimatedTime: 4,
    budget: i % 9 === 0 ? null : 20 + ((i * 37) % 900),
    status: 'Not Started' as const,
    location: pick(PLACES, i * 11),
  };
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function run(database: Database) {
  const { db } = database;
  const people = Array.from({ length: Math.ceil(SEARCHES / 10) }, (_, i) => ({
    id: randomUUID(),
    name: `Searcher ${i}`,
    email: `searcher-${i}-${randomUUID().slice(0, 6)}@bench.invalid`,
  }));
  const posters = people.slice(0, 20);
  await inBatches(people, (batch) => db.insert(user).values(batch));
  const searches = Array.from({ length: SEARCHES }, (_, i) => {
    const c = canonicalCriteria(criteria(i));
    return {
      userId: people[Math.floor(i / 10)]!.id,
      name: `Search ${i}`,
      criteria: c,
      criteriaKey: `${criteriaKey(c)} ${i}`,
      frequency: 'daily' as const,
      channels: ['email' as const],
    };
  });
  await inBatches(searches, (batch) => db.insert(savedSearches).values(batch));
  const old = Array.from({ length: OLD_TASKS }, (_, i) => task(pick(posters, i).id, i));
  await inBatches(old, (batch) => db.insert(tasks).values(batch));
  await db.execute(sql`update ${tasks} set created_at = now() - interval '3 days'`);
  await db.execute(sql`update ${savedSearches} set matched_until = now() - interval '2 days'`);
  const since = new Date(Date.now() - 2 * 86_400_000);
  const fresh = Array.from({ length: NEW_TASKS }, (_, i) =>
    task(pick(posters, i).id, OLD_TASKS + i),
  );
  await inBatches(fresh, (batch) => db.insert(tasks).values(batch));
  await db.execute(sql`analyze`);
  const until = new Date();
  const rows = await db.select().from(savedSearches);
  say(
    `alerts bench on ${database.kind}: ${rows.length} saved searches, ${NEW_TASKS} new tasks (after ${OLD_TASKS} older); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  let matches = 0;
  let started = performance.now();
  for (const search of rows) matches += (await matchTasks(db, search, since, until, 20)).total;
  report('match', performance.now() - started, rows.length, matches);

  if (!values.digest) return;
  started = performance.now();
  const runs = await sendDigests(db, new Date(), 0);
  const listed = runs.flatMap((r) => r.searches).reduce((n, s) => n + s.taskIds.length, 0);
  report('digest', performance.now() - started, runs.flatMap((r) => r.searches).length, matches);
  say(`digest: ${runs.length} people, ${listed} tasks listed (at most 20 a search)`);
}

function report(label: string, ms: number, searches: number, matches: number) {
  say(
    `${label.padEnd(6)} ${(ms / 1000).toFixed(1)} s for ${searches} searches: ` +
      `${(ms / searches).toFixed(2)} ms a search, ${matches} matches in all ` +
      `(${((ms * 1000) / Math.max(1, matches)).toFixed(0)} µs a match)`,
  );
}

if (onPostgres) {
  await ownDatabase(adminUrl, values.db, { mark: MARK, comment: MARK });
  const database = await openDatabase(withDatabase(adminUrl, values.db));
  try {
    await run(database);
  } finally {
    await database.close();
    await query(adminUrl, `drop database "${values.db}" with (force)`);
  }
} else {
  const database = await openDatabase('memory://');
  try {
    await run(database);
  } finally {
    await database.close();
  }
}
