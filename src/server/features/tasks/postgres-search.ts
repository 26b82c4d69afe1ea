import { and, count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { boundedPage, countCap, pageOffset, type PageParams } from '../../platform/db/paging.ts';
import { tasks } from '../../platform/db/schema.ts';
import { hasTextFilter, taskOrder, taskWhere, type TaskFilters } from './query.ts';
import type { SearchAnswer, SearchIndex } from './search-index.ts';
import {
  probeQuery,
  rememberCount,
  shallowWalkRows,
  SHALLOW_PAGES,
  walkAnswers,
  walkBudget,
  walkedPage,
  WALK_ROWS,
  worthWalking,
} from './search-walk.ts';
import { windowedIds } from './search-window.ts';

/**
 * The ids of a page, each row carrying how many tasks match (`total`): one statement. `count`
 * counts on its own, for a page past the last one (no rows to carry it).
 *
 * Without text filters the ids come from the index of the sort (`taskOrder`), which holds
 * them: a deep page skips its offset inside the index, without reading a row (decision
 * 1811); `total` stops counting after `countCap` + 1 rows. With a text filter (search,
 * skills, location) a walk may cross the whole table before 12 rows match, so the GIN
 * indexes first collect every match as one bitmap (`matches`, with the columns the sorts
 * read); the page sorts those and counts every match (an exact `total`).
 */
export function idQueries(db: Db, filters: TaskFilters, params: PageParams) {
  const where = taskWhere(filters);
  const offset = pageOffset(params);
  const cappedCount = (cap: number) =>
    db
      .select({ one: sql`1` })
      .from(tasks)
      .where(where)
      .limit(cap + 1)
      .as('capped');
  if (!hasTextFilter(filters)) {
    const capped = cappedCount(countCap(params));
    return {
      ids: db
        .select({
          id: tasks.id,
          total: sql<number>`(select count(*) from ${capped})`.mapWith(Number),
        })
        .from(tasks)
        .where(where)
        .orderBy(...taskOrder(filters.sort))
        .limit(params.limit)
        .offset(offset),
      count: (cap: number) => db.select({ n: count() }).from(cappedCount(cap)),
      exact: false,
    };
  }
  return {
    ids: matchesQuery(db, where, filters, params),
    // The same bitmap counts every match (no cap to stop at).
    count: () => db.select({ n: count() }).from(tasks).where(where),
    exact: true,
  };
}

/**
 * Every row `where` holds, collected as one bitmap of the GIN indexes (with the columns the
 * sorts read), sorted, the page cut out; each row carries how many match (`total`).
 */
function matchesQuery(db: Db, where: SQL | undefined, filters: TaskFilters, params: PageParams) {
  const matches = db.$with('matches').as(
    db
      .select({
        id: tasks.id,
        createdAt: tasks.createdAt,
        budget: tasks.budget,
        deadline: tasks.deadline,
      })
      .from(tasks)
      .where(where),
  );
  return db
    .with(matches)
    .select({
      id: matches.id,
      total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(matches)
    .orderBy(...taskOrder(filters.sort, matches))
    .limit(params.limit)
    .offset(pageOffset(params));
}

/** The ids of a page from the matches inside a window of the sort order (search-window.ts). */
export function windowQuery(db: Db, filters: TaskFilters, params: PageParams, window: SQL) {
  return matchesQuery(db, and(taskWhere(filters), window), filters, params);
}

/** A walk of the sort index reading at most `rows` entries: the page's ids in order. */
export function walkQuery(db: Db, filters: TaskFilters, params: PageParams, rows: number | SQL) {
  const walked = walkedPage(db, filters, params, rows);
  return db
    .select({ id: walked.id, walked: walked.walked, table: walked.table })
    .from(walked)
    .orderBy(walked.walked);
}

/**
 * Rows the walk of this page may read (bounded on a shallow page, else as the probe says), and
 * the share of matches the probe saw.
 */
async function walkRows(db: Db, filters: TaskFilters, params: PageParams) {
  if (params.page <= SHALLOW_PAGES) return { rows: shallowWalkRows(params) };
  const [probe] = await probeQuery(db, filters);
  if (!probe) return { rows: 0 };
  // A walk longer than a shallow page's costs more than a window of the sort order (1M tasks,
  // page 84 of a 5 % word: 30,000 rows walked against 2,200 matches of a window rechecked).
  const rows = walkBudget(params, probe);
  return { rows: rows > WALK_ROWS ? 0 : rows, share: probe.hits / Math.max(1, probe.rows) };
}

/**
 * Browse's searches first walk the sort index: a shallow page within its bound, a deeper one
 * when a probe of its first rows says the walk will fill the page (search-walk.ts). Returns the
 * page when the walk answers, else the share of matches it (or the probe) saw, if any; nothing
 * for an owner's list and a search known to match few (those take the GIN path).
 */
async function walked(
  db: Db,
  filters: TaskFilters,
  params: PageParams,
): Promise<{ ids?: string[]; share?: number } | undefined> {
  if (filters.ownerId || !hasTextFilter(filters) || !worthWalking(filters, params)) return;
  const { rows, share } = await walkRows(db, filters, params);
  if (rows === 0) return { share };
  const page = await walkQuery(db, filters, params, rows);
  const last = page.at(-1);
  if (last && walkAnswers(params, page.length, last.walked, last.table))
    return { ids: page.map((row) => row.id) };
  // Matches per row read, up to the last one found.
  return { share: last ? (pageOffset(params) + page.length) / last.walked : share };
}

/** The page from a window of the sort order (search-window.ts), when one holds enough matches. */
function windowed(db: Db, filters: TaskFilters, params: PageParams, share: number | undefined) {
  return windowedIds(db, filters, params, share, async (window) => {
    const rows = await windowQuery(db, filters, params, window);
    return { ids: rows.map((row) => row.id), inWindow: rows[0]?.total ?? 0 };
  });
}

/**
 * The search engine that is the tasks table itself (decision 1810): every write is in the
 * table and its indexes when it commits, so there is nothing to follow.
 */
export function postgresSearchIndex(db: Db): SearchIndex {
  return {
    async search(filters, params): Promise<SearchAnswer> {
      const walk = await walked(db, filters, params);
      const ids = walk?.ids ?? (walk && (await windowed(db, filters, params, walk.share)));
      if (ids) return { ids, total: countCap(params), totalExact: false };
      const q = idQueries(db, filters, params);
      const rows = await q.ids;
      const total = rows[0]?.total;
      const cap = countCap(params);
      const page =
        total === undefined
          ? await boundedPage(params, Promise.resolve(rows), q.count)
          : !q.exact && total > cap
            ? { items: rows, total: cap, totalExact: false as const }
            : { items: rows, total };
      if (q.exact) rememberCount(filters, page.total);
      return {
        ids: page.items.map((row) => row.id),
        total: page.total,
        ...(page.totalExact === false ? { totalExact: false as const } : {}),
      };
    },
    taskChanged: async () => {},
  };
}
