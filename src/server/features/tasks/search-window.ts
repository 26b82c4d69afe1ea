import { sql, type SQL } from 'drizzle-orm';
import { countCap, type PageParams } from '../../platform/db/paging.ts';
import type { Db } from '../../platform/db/client.ts';
import { tasks } from '../../platform/db/schema.ts';
import type { TaskFilters } from './query.ts';

/**
 * A search the walk cannot answer (search-walk.ts) used to read every match from the GIN
 * indexes, recheck each on the heap and sort them all: 47,000 rows for a common word sorted by
 * nearest deadline at 1,000,000 tasks. A window of the sort order (its first k % by the sort's
 * first column) is a range of that column's index, whose bitmap the planner ANDs with the GIN
 * indexes' one, so only the window's matches are read and sorted. The window's rows sort before
 * every row outside it, so its page is the search's page; when it holds more matches than the
 * count's bound, "1,000+" is true (decision 1850). Otherwise the next window is wider, up to a
 * few; past those, or past the whole table, the GIN path answers with its exact total.
 */

/** Windows tried before the GIN path over every match. */
const WINDOW_TRIES = 3;

/** A window is sized for this many times the matches it must hold (the share is a guess). */
const WINDOW_SLACK = 1.5;

/** The share of tasks a search is taken to match when nothing says (no walk, no probe). */
const DEFAULT_SHARE = 0.03;

/** How long the sort columns' statistics are kept per database before they are read again. */
const STATS_MS = 10 * 60_000;

/** The first column of each sort, as the windows bound it. */
type WindowColumn = 'created_at' | 'budget' | 'deadline';

/** The sort columns' histograms (each bucket about as many rows) and the table's size. */
interface SortStats {
  at: number;
  table: number;
  bounds: Record<WindowColumn, string[]>;
}

const kept = new WeakMap<Db, SortStats>();

/**
 * The histogram bounds ANALYZE keeps for the sort columns (`pg_stats`), as text, and
 * `reltuples`: one catalogue read per database every few minutes. Empty before the first
 * ANALYZE (no window then).
 */
async function sortStats(db: Db): Promise<SortStats> {
  const now = Date.now();
  const known = kept.get(db);
  if (known && now - known.at < STATS_MS) return known;
  const bounds = (column: WindowColumn) =>
    sql`(select histogram_bounds::text from pg_stats where schemaname = current_schema() and tablename = 'tasks' and attname = ${column})`;
  const result = (await db.execute(sql`select
      (select greatest(0, reltuples)::float8 from pg_class where oid = 'tasks'::regclass) as "table",
      ${bounds('created_at')} as created_at, ${bounds('budget')} as budget, ${bounds('deadline')} as deadline`)) as unknown as {
    rows: {
      table: number;
      created_at: string | null;
      budget: string | null;
      deadline: string | null;
    }[];
  };
  const row = result.rows[0];
  const parse = (text: string | null | undefined) =>
    text
      ? text
          .slice(1, -1)
          .split(',')
          .map((v) => v.replace(/^"|"$/g, ''))
      : [];
  const stats: SortStats = {
    at: now,
    table: Number(row?.table ?? 0),
    bounds: {
      created_at: parse(row?.created_at),
      budget: parse(row?.budget),
      deadline: parse(row?.deadline),
    },
  };
  kept.set(db, stats);
  return stats;
}

/**
 * The condition of a window of the sort order: from `skip` histogram buckets past where the
 * sort starts (the price floor or ceiling, today for the deadline sort; rows before it are
 * known to hold no match) to `skip + buckets`. Undefined when it would reach the end of the
 * histogram (the window is then every match).
 */
export function windowCondition(
  f: TaskFilters,
  bounds: Record<WindowColumn, string[]>,
  skip: number,
  buckets: number,
): SQL | undefined {
  const column = windowColumn(f);
  const values = bounds[column];
  const descending = f.sort === 'newest' || f.sort === 'priceHigh';
  const start = descending ? lastAtMost(values, f) : firstAtLeast(values, f);
  const step = descending ? -1 : 1;
  const at = (n: number) => start + step * n;
  const end = at(skip + buckets);
  if (end < 0 || end >= values.length) return;
  const col = { created_at: tasks.createdAt, budget: tasks.budget, deadline: tasks.deadline }[
    column
  ];
  // A bound as the histogram holds it, typed by the column it is compared with.
  const from = values[at(skip)];
  const to = values[end];
  return sql.join(
    [
      skip === 0 ? undefined : descending ? sql`${col} < ${from}` : sql`${col} > ${from}`,
      descending ? sql`${col} >= ${to}` : sql`${col} <= ${to}`,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
}

/** Today as the database's `current_date` reads it, near enough to place the window's start. */
const today = () => new Date().toISOString().slice(0, 10);

/** The first bound at or past where an ascending sort starts (its price floor, today). */
function firstAtLeast(values: string[], f: TaskFilters) {
  if (f.sort === 'oldest') return 0;
  const from = f.sort === 'deadline' ? today() : undefined;
  const floor = f.minPrice ?? -Infinity;
  const at = values.findIndex((v) => (from ? v >= from : Number(v) >= floor));
  return at < 0 ? values.length : at;
}

/** The last bound at or before where a descending sort starts (its price ceiling; the newest). */
function lastAtMost(values: string[], f: TaskFilters) {
  if (f.sort !== 'priceHigh' || f.maxPrice === undefined) return values.length - 1;
  const ceiling = f.maxPrice;
  const past = values.findIndex((v) => Number(v) > ceiling);
  return past < 0 ? values.length - 1 : past - 1;
}

/** A window's answer: the page's ids and every match the window holds (0 when none is known). */
export interface WindowPage {
  ids: string[];
  inWindow: number;
}

/**
 * The page from the narrowest window that holds more matches than the count's bound, trying
 * a few, each sized from the share of matches seen so far (`share`: the walk's or the probe's,
 * else a guess); undefined when none does (the GIN path over every match answers then).
 * `query` runs one window (`and(taskWhere, window)`, every match of it counted).
 */
export async function windowedIds(
  db: Db,
  filters: TaskFilters,
  params: PageParams,
  share: number | undefined,
  query: (window: SQL) => Promise<WindowPage>,
): Promise<string[] | undefined> {
  const stats = await sortStats(db);
  const histogram = stats.bounds[windowColumn(filters)];
  const perBucket = stats.table / Math.max(1, histogram.length - 1);
  if (histogram.length < 3 || perBucket <= 0) return;
  const wanted = WINDOW_SLACK * (countCap(params) + 1);
  let guess = share && share > 0 ? share : DEFAULT_SHARE;
  let skip = 0;
  for (let tries = 0; tries < WINDOW_TRIES; tries += 1) {
    // Sized for the matches wanted at the share guessed (a window that held some: wider).
    const buckets = Math.max(1, Math.ceil(wanted / guess / perBucket));
    const window = windowCondition(filters, stats.bounds, skip, buckets);
    if (!window) return;
    const page = await query(window);
    if (page.inWindow > countCap(params)) return page.ids;
    // No match before the window's end: the next one starts there (as wide: matches may come
    // in runs, as a word's tasks on the seed's deadlines do). Else its share sizes the next.
    if (page.inWindow === 0) skip += buckets;
    else guess = page.inWindow / (buckets * perBucket);
  }
}

const windowColumn = (f: TaskFilters): WindowColumn =>
  f.sort === 'deadline'
    ? 'deadline'
    : f.sort === 'priceLow' || f.sort === 'priceHigh'
      ? 'budget'
      : 'created_at';
