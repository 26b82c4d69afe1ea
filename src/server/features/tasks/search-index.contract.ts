import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import type { Db } from '../../platform/db/client.ts';
import { countCap, pageOffset, type PageParams } from '../../platform/db/paging.ts';
import { tasks } from '../../platform/db/schema.ts';
import { taskOrder, taskWhere, type TaskFilters } from './query.ts';
import { followTaskEvents, type SearchIndex } from './search-index.ts';

const TASKS = 20_000;
const LIMIT = 12;
/** The last page the pager offers when the total is the count's bound ("1,000+"). */
const LAST_CAPPED_PAGE = Math.ceil(countCap({ page: 1, limit: LIMIT }) / LIMIT);

type Query = [Omit<TaskFilters, 'sort'> & { sort?: TaskFilters['sort'] }, number];

const SORTS: TaskFilters['sort'][] = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'];

/**
 * Browse, searches and filters, shallow and deep: each sort's pages 1, 50 and the last one a
 * capped total offers, common words (a walk answers), rare ones and sparse combinations (every
 * match sorted), location, skills, the status filter, and pages past the end.
 */
const QUERIES: Query[] = [
  ...SORTS.flatMap((sort): Query[] => [
    [{ sort }, 1],
    [{ sort }, 50],
    [{ sort }, LAST_CAPPED_PAGE],
    [{ sort, search: 'for' }, 1],
    [{ sort, search: 'for' }, 50],
    [{ sort, search: 'logo', minPrice: 57, maxPrice: 1_000_000 }, 50],
    [{ sort, search: 'logo' }, LAST_CAPPED_PAGE],
    [{ sort, location: 'berlin' }, 20],
  ]),
  [{ search: 'FOR A', sort: 'priceHigh', minPrice: 200 }, 1],
  [{ search: 'for', sort: 'oldest', category: 'Design' }, 1],
  [{ search: 'logo' }, 1],
  [{ search: 'logo', sort: 'priceLow' }, 5],
  [{ search: 'logo', category: 'Design', minPrice: 50, maxPrice: 3000, sort: 'priceLow' }, 5],
  [{ search: 'for', sort: 'priceLow', minPrice: 300, maxPrice: 4000 }, 2],
  [{ search: 'bakery', sort: 'oldest' }, 1],
  [{ search: 'zzqx' }, 1],
  [{ search: 'Build' }, 1],
  [{ search: '50%_off' }, 1],
  [{ location: 'e', sort: 'priceHigh' }, 1],
  [{ skills: ['react', 'figma'] }, 1],
  [{ skills: ['design'], sort: 'deadline' }, 1],
  [{ skills: ['go'] }, 3],
  [{ search: 'for', maxPrice: 300 }, 40],
  [{ category: 'Design', minPrice: 100, maxPrice: 120 }, 1],
  [{ stage: 'open', sort: 'deadline' }, 50],
  [{ stage: 'completed', sort: 'priceHigh' }, 2],
  [{ search: 'logo' }, 900],
  [{}, 5000],
];

/** The meaning of a list: every match, sorted, the page cut out; and how many match. */
export async function everyMatchPage(db: Db, f: TaskFilters, params: PageParams) {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(taskWhere(f))
    .orderBy(...taskOrder(f.sort))
    .limit(params.limit)
    .offset(pageOffset(params));
  const [counted] = await db.select({ n: count() }).from(tasks).where(taskWhere(f));
  return { ids: rows.map((row) => row.id), count: counted!.n };
}

/**
 * What any `SearchIndex` must do (decision 1810), on 20,000 benchmark tasks: give the ids the
 * filters' meaning gives (`taskWhere`, every match sorted by `taskOrder`), with an exact total
 * or, marked not exact, the count's bound that at least that many match; and follow tasks as
 * they are posted, edited and deleted. `make` builds the implementation on the test app; the
 * contract feeds it the app's task events. `seed` is the benchmark seed (`seedBenchmark`,
 * which only a test file may import).
 */
export function searchIndexContract(
  name: string,
  make: (app: FastifyInstance) => SearchIndex,
  seed: (target: Db | string, options: { tasks: number; bids: number }) => Promise<unknown>,
) {
  describe(`search index contract: ${name}`, () => {
    const t = useTestApp();
    let index: SearchIndex;
    let owner: TestUser;
    let stop = () => {};
    afterAll(() => stop());

    beforeAll(async () => {
      const db = t.app.database.db;
      await seed(t.app.database.kind === 'postgres' ? t.databaseUrl : db, {
        tasks: TASKS,
        bids: 0,
      });
      index = make(t.app);
      stop = followTaskEvents(t.app.events, index);
      owner = await signUp(t.app, { name: 'Contract Owner' });
    }, 120_000);

    const reference = (f: TaskFilters, params: PageParams) =>
      everyMatchPage(t.app.database.db, f, params);

    it('gives the same ids, in the same order, as every match sorted, with a true total', async () => {
      let bounded = 0;
      for (const [filters, page] of QUERIES) {
        const f: TaskFilters = { sort: 'newest', ...filters };
        const params = { page, limit: LIMIT };
        const [answer, expected] = await Promise.all([
          index.search(f, params),
          reference(f, params),
        ]);
        const label = JSON.stringify([filters, page]);
        expect(answer.ids, label).toEqual(expected.ids);
        if (answer.totalExact === false) {
          bounded += 1;
          expect(answer.total, label).toBe(countCap(params));
          expect(expected.count, label).toBeGreaterThan(answer.total);
        } else {
          expect(answer.total, label).toBe(expected.count);
        }
      }
      // The queries include lists with more matches than the count's bound.
      expect(bounded).toBeGreaterThan(10);
    });

    it('follows a task as it is posted, edited and deleted', async () => {
      const find = async (search: string) =>
        (await index.search({ sort: 'newest', search }, { page: 1, limit: LIMIT })).ids;
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: jsonHeaders(owner.cookie),
        payload: buildTask({ title: 'Repaint the quokkahouse', budget: 120 }),
      });
      const id: string = posted.json().insertedId;
      await expect.poll(() => find('quokkahouse')).toEqual([id]);

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/tasks/${id}`,
        headers: jsonHeaders(owner.cookie),
        payload: buildTask({ title: 'Repaint the wombatshed', budget: 120 }),
      });
      expect(edited.statusCode).toBe(200);
      await expect.poll(() => find('wombatshed')).toEqual([id]);
      await expect.poll(() => find('quokkahouse')).toEqual([]);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/tasks/${id}`,
        headers: { origin: jsonHeaders().origin!, cookie: owner.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      await expect.poll(() => find('wombatshed')).toEqual([]);
      expect(
        await t.app.database.db.execute(sql`select 1 from tasks where id = ${id}`),
      ).toMatchObject({ rows: [] });
    });
  });
}
