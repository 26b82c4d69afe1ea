import { and, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { countCap, pageOffset, type PageParams } from '../../platform/db/paging.ts';
import type { Db } from '../../platform/db/client.ts';
import { tasks } from '../../platform/db/schema.ts';
import { taskOrder, taskWhere, type TaskFilters } from './query.ts';

/**
 * A text search that matches many tasks ("logo": 5 %) answers page 1 fastest by walking the
 * index of its sort and testing each row, stopping at the page's last match; one that
 * matches few answers fastest from the GIN indexes (every match, sorted). The walk is tried
 * first, after a probe of its first rows says how far it must read (`walkBudget`); it answers
 * only when it filled the page and its matches per row read put the total well past the
 * count's bound (decisions 1800, 1811).
 */
export const WALK_ROWS = 2000;

/**
 * The walk answers only when the estimated matches reach this many times the count's bound:
 * then "1,000+" is what the exact count would have said too, short of a rare estimate.
 */
export const WALK_MARGIN = 2;

/** Rows the probe reads before a walk: enough to tell a common word from a rare one. */
export const PROBE_ROWS = 200;

/**
 * Pages this shallow walk without a probe: their walk stops after a few hundred rows when
 * the words are common, and reads at most `shallowWalkRows` when they are not, which costs
 * about what the probe's round trip would (measured at 100,000 tasks, decision 1811).
 */
export const SHALLOW_PAGES = 3;

/**
 * The tasks table's size as its statistics hold it (`reltuples`; -1 before the first
 * ANALYZE, read as 0: the GIN path).
 */
const tableSize = sql<number>`(select greatest(0, reltuples)::float8 from pg_class where oid = 'tasks'::regclass)`;

/**
 * Rows a shallow page's walk may read: no more than `WALK_ROWS`, and no more than a walk
 * whose estimate could clear the margin over the count's bound can take (fewer on a small
 * table). Computed by the database from the table's size.
 */
export function shallowWalkRows(params: PageParams): SQL {
  const needed = pageOffset(params) + params.limit;
  const bound = WALK_MARGIN * countCap(params);
  return sql`least(${WALK_ROWS}, ceil(${needed} * ${tableSize} / ${bound}))::int`;
}

/** The walk reads this many times the rows the probe's share of matches says the page needs. */
const PROBE_SLACK = 1.5;

/** How many matches the first `PROBE_ROWS` rows of the sort index hold, and the table's size. */
export function probeQuery(db: Db, filters: TaskFilters) {
  const probe = db
    .select({ hit: sql<boolean | null>`${taskWhere(filters) ?? sql`true`}`.as('hit') })
    .from(tasks)
    .where(sortIndexRange(filters))
    .orderBy(...taskOrder(filters.sort))
    .limit(PROBE_ROWS)
    .as('probe');
  return db
    .select({
      rows: sql<number>`count(*)::int`,
      hits: sql<number>`(count(*) filter (where ${probe.hit}))::int`,
      table: tableSize,
    })
    .from(probe);
}

/**
 * Rows the walk may read for a page (0: do not walk), from the probe (decision 1811): as many
 * as the probe's share of matches says the page needs, with slack. Never more than a walk
 * whose estimate could still clear the margin over the count's bound, and past `WALK_ROWS`
 * only while fewer than the matches the GIN path would recheck (a deep page of a common word
 * on a large table: 15,000 walked rows against 50,000 rechecked and sorted).
 */
export function walkBudget(
  params: PageParams,
  probe: { rows: number; hits: number; table: number },
) {
  if (probe.hits === 0 || probe.table <= 0) return 0;
  const needed = pageOffset(params) + params.limit;
  const share = probe.hits / probe.rows;
  const wanted = Math.ceil((needed / share) * PROBE_SLACK);
  const useful = (needed * probe.table) / (WALK_MARGIN * countCap(params));
  const cheaper = Math.max(WALK_ROWS, share * probe.table);
  return wanted <= useful && wanted <= cheaper ? wanted : 0;
}

/**
 * What the walk reads before testing a row: what the sort's index holds, and for the price
 * sorts the price range, which is a range of their index (the walk starts at the floor).
 * Rows skipped so are not counted as walked, so the estimate runs high by the share of tasks
 * outside the range.
 */
function sortIndexRange(f: TaskFilters): SQL | undefined {
  const byPrice = f.sort === 'priceLow' || f.sort === 'priceHigh';
  return and(
    isNull(tasks.moderation),
    f.sort === 'deadline' ? sql`${tasks.deadline} >= current_date` : undefined,
    byPrice && f.minPrice !== undefined ? gte(tasks.budget, f.minPrice) : undefined,
    byPrice && f.maxPrice !== undefined ? lte(tasks.budget, f.maxPrice) : undefined,
  );
}

/**
 * The ids of a page found by walking the sort index (browse lists only: an owner's list keeps
 * the GIN path), each with `walked`, its place in the walk (how many rows were read up to it).
 */
export function walkedPage(db: Db, filters: TaskFilters, params: PageParams, rows: number | SQL) {
  const order = taskOrder(filters.sort);
  const walk = db
    .select({
      id: tasks.id,
      createdAt: tasks.createdAt,
      budget: tasks.budget,
      deadline: tasks.deadline,
      walked: sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}))::int`.as(
        'walked',
      ),
      hit: sql<boolean | null>`${taskWhere(filters) ?? sql`true`}`.as('hit'),
    })
    .from(tasks)
    .where(sortIndexRange(filters))
    .orderBy(...order)
    .limit(rows as number)
    .as('walk');
  return db
    .select({ id: walk.id, walked: walk.walked, table: tableSize.as('table') })
    .from(walk)
    .where(sql`${walk.hit}`)
    .orderBy(...taskOrder(filters.sort, walk))
    .limit(params.limit)
    .offset(pageOffset(params))
    .as('walked_page');
}

/**
 * Whether a full walked page may stand for the search: the matches it implies (its matches
 * per row read, times the table) reach the margin over the count's bound. Otherwise the GIN
 * path answers, with its exact total.
 */
export function walkAnswers(params: PageParams, rows: number, walked: number, table: number) {
  if (rows < params.limit || walked <= 0 || table <= 0) return false;
  const estimate = ((pageOffset(params) + rows) / walked) * table;
  return estimate >= WALK_MARGIN * countCap(params);
}

/**
 * The exact match counts the GIN path found lately, by what decides them (the text filters and
 * the category, the prices; the deadline sort, which reads upcoming tasks only): a search known to match few skips the walk, which
 * could not answer it. Only a hint: either path gives the same page.
 */
const knownCounts = new Map<string, number>();
const KNOWN_COUNTS_MAX = 10_000;

const countKey = (f: TaskFilters) =>
  JSON.stringify([
    f.search,
    f.location,
    f.skills,
    f.category,
    f.minPrice,
    f.maxPrice,
    f.sort === 'deadline',
  ]);

export function rememberCount(filters: TaskFilters, matches: number) {
  if (knownCounts.size >= KNOWN_COUNTS_MAX) knownCounts.clear();
  knownCounts.set(countKey(filters), matches);
}

/** Whether to try the walk: unless this search is known to match too few for it to answer. */
export function worthWalking(filters: TaskFilters, params: PageParams) {
  const known = knownCounts.get(countKey(filters));
  return known === undefined || known >= WALK_MARGIN * countCap(params);
}
