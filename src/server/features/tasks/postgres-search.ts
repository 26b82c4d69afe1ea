import { count, sql, type SQL } from 'drizzle-orm';
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
  worthWalking,
} from './search-walk.ts';

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
  return {
    ids: db
      .with(matches)
      .select({
        id: matches.id,
        total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
      })
      .from(matches)
      .orderBy(...taskOrder(filters.sort, matches))
      .limit(params.limit)
      .offset(offset),
    // The same bitmap counts every match (no cap to stop at).
    count: () => db.select({ n: count() }).from(tasks).where(where),
    exact: true,
  };
}

/** A walk of the sort index reading at most `rows` entries: the page's ids in order. */
export function walkQuery(db: Db, filters: TaskFilters, params: PageParams, rows: number | SQL) {
  const walked = walkedPage(db, filters, params, rows);
  return db
    .select({ id: walked.id, walked: walked.walked, table: walked.table })
    .from(walked)
    .orderBy(walked.walked);
}

/** Rows the walk of this page may read: bounded on a shallow page, else as the probe says. */
async function walkRows(db: Db, filters: TaskFilters, params: PageParams) {
  if (params.page <= SHALLOW_PAGES) return shallowWalkRows(params);
  const [probe] = await probeQuery(db, filters);
  return probe ? walkBudget(params, probe) : 0;
}

/**
 * Browse's searches first walk the sort index: a shallow page within its bound, a deeper one
 * when a probe of its first rows says the walk will fill the page (search-walk.ts). An
 * owner's list, and a search the walk cannot answer, take the ids' own query.
 */
async function walked(db: Db, filters: TaskFilters, params: PageParams) {
  if (filters.ownerId || !hasTextFilter(filters) || !worthWalking(filters, params)) return;
  const rows = await walkRows(db, filters, params);
  if (rows === 0) return;
  const page = await walkQuery(db, filters, params, rows);
  const last = page.at(-1);
  if (last && walkAnswers(params, page.length, last.walked, last.table))
    return page.map((row) => row.id);
}

/**
 * The search engine that is the tasks table itself (decision 1810): every write is in the
 * table and its indexes when it commits, so there is nothing to follow.
 */
export function postgresSearchIndex(db: Db): SearchIndex {
  return {
    async search(filters, params): Promise<SearchAnswer> {
      const ids = await walked(db, filters, params);
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
