import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  indexesUsed,
  planNodes,
  seqScansOf,
  type PlanNode,
} from '../../../../tests/setup/query-plan.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createBidRepository } from '../bids/index.ts';
import { createQuestionRepository } from '../questions/index.ts';
import { encodeCursor, countCap } from '../../platform/db/paging.ts';
import { seedBenchmark } from '../../../../tools/seed/seed-bench.ts';
import type { TaskFilters } from './query.ts';
import { idQueries, walkQuery } from './postgres-search.ts';
import { createTaskRepository } from './repository.ts';
import { probeQuery, shallowWalkRows, WALK_ROWS } from './search-walk.ts';

const TASKS = 20_000;
/** The status filter's indexes: either serves the filter (the count reads whichever is smaller). */
const STAGE = ['tasks_stage_created_at_idx', 'tasks_stage_deadline_idx'];

/**
 * The planner's own choice (no enable_* switches) on 20,000 tasks with fresh statistics and
 * visibility map, as the benchmark seed leaves them: the hot reads never scan `tasks`
 * sequentially; they go through the indexes named here.
 */
describe('indexes: browse, search, filters and sorts avoid sequential scans', () => {
  const t = useTestApp();
  let tasks: ReturnType<typeof createTaskRepository>;
  let bids: ReturnType<typeof createBidRepository>;
  let someTask: { id: string; ownerId: string };

  let migrated: string[];

  beforeAll(async () => {
    migrated = await catalogue();
    // On PostgreSQL through its own connections (COPY), as `npm run seed` does.
    await seedBenchmark(t.app.database.kind === 'postgres' ? t.databaseUrl : t.app.database.db, {
      tasks: TASKS,
      bids: TASKS,
    });
    tasks = createTaskRepository(t.app.database.db);
    bids = createBidRepository(t.app.database.db, t.app.events);
    const result = (await t.app.database.db.execute(
      sql`select id, owner_id from tasks order by created_at desc limit 1`,
    )) as unknown as { rows: { id: string; owner_id: string }[] };
    const row = result.rows[0]!;
    someTask = { id: row.id, ownerId: row.owner_id };
  }, 120_000);

  /** Every index and constraint of the schema, as the catalogue defines them. */
  async function catalogue() {
    const result = (await t.app.database.db.execute(sql`
      select tablename || ': ' || indexdef as definition from pg_indexes
        where schemaname = current_schema()
      union all
      select conrelid::regclass::text || ': ' || conname || ' ' || pg_get_constraintdef(oid)
          || case when convalidated then '' else ' not valid' end
        from pg_constraint where connamespace = current_schema()::regnamespace
      order by 1`)) as unknown as { rows: { definition: string }[] };
    return result.rows.map((row) => row.definition);
  }

  it('leaves every index and key as the migrations made them (dropped and built again)', async () => {
    expect(migrated.length).toBeGreaterThan(40);
    expect(await catalogue()).toEqual(migrated);
  });

  const db = () => t.app.database.db;
  const plan = (query: SQLWrapper) => planNodes(db(), query);
  const seqScansOfTasks = (nodes: PlanNode[]) => seqScansOf(nodes, 'tasks');

  const CASES: [
    string,
    Omit<TaskFilters, 'sort'> & { sort?: TaskFilters['sort'] },
    string[],
    number?,
  ][] = [
    ['newest (home, browse default)', {}, ['tasks_created_at_idx']],
    ['newest, page 50', {}, ['tasks_created_at_idx'], 50],
    ['newest, page 84 (the last one a capped total shows)', {}, ['tasks_created_at_idx'], 84],
    ['price high to low, page 50', { sort: 'priceHigh' }, ['tasks_budget_desc_idx'], 50],
    ['oldest', { sort: 'oldest' }, ['tasks_created_at_idx']],
    ['price low to high', { sort: 'priceLow' }, ['tasks_budget_idx']],
    ['price high to low', { sort: 'priceHigh' }, ['tasks_budget_desc_idx']],
    ['nearest deadlines', { sort: 'deadline' }, ['tasks_deadline_idx']],
    ['category', { category: 'Design' }, ['tasks_category_created_at_idx']],
    ['open for offers', { stage: 'open' }, STAGE],
    [
      'open for offers, due soonest',
      { stage: 'open', sort: 'deadline' },
      ['tasks_stage_deadline_idx'],
    ],
    ['open for offers, oldest', { stage: 'open', sort: 'oldest' }, STAGE],
    [
      'open for offers, price low to high',
      { stage: 'open', sort: 'priceLow' },
      [...STAGE, 'tasks_budget_idx'],
    ],
    ['assigned', { stage: 'assigned' }, STAGE],
    ['assigned, page 20', { stage: 'assigned' }, STAGE, 20],
    ['completed', { stage: 'completed' }, STAGE],
    [
      'completed, price high to low',
      { stage: 'completed', sort: 'priceHigh' },
      [...STAGE, 'tasks_budget_desc_idx'],
    ],
    [
      'price range',
      { minPrice: 100, maxPrice: 120 },
      ['tasks_budget_idx', 'tasks_budget_desc_idx'],
    ],
    [
      'search (word)',
      { search: 'bakery' },
      ['tasks_search_vector_idx', 'tasks_search_text_trgm_idx'],
    ],
    ['search (substring, no match)', { search: 'zzqx' }, ['tasks_search_text_trgm_idx']],
    [
      'search (common word), nearest deadlines',
      { search: 'logo', sort: 'deadline' },
      ['tasks_search_text_trgm_idx'],
    ],
    [
      'search + category + price range, price low to high, page 5',
      { search: 'logo', category: 'Design', minPrice: 50, maxPrice: 3000, sort: 'priceLow' },
      ['tasks_search_text_trgm_idx'],
      5,
    ],
    [
      'search + category + price',
      { search: 'logo', category: 'Design', minPrice: 50 },
      ['tasks_search_vector_idx'],
    ],
    ['location', { location: 'berlin' }, ['tasks_location_trgm_idx']],
    ['location, oldest', { location: 'berlin', sort: 'oldest' }, ['tasks_location_trgm_idx']],
    ['skills', { skills: ['react', 'figma'] }, ['tasks_search_text_trgm_idx']],
    ['skill naming a category', { skills: ['design'] }, ['tasks_category_created_at_idx']],
  ];

  it.each(CASES)('%s', async (_name, filters, expected, page = 1) => {
    const q = idQueries(db(), { sort: 'newest', ...filters }, { page, limit: 12 });
    const used = new Set<string>();
    for (const query of [q.ids, q.count(countCap({ page, limit: 12 }))]) {
      const nodes = await plan(query);
      expect(seqScansOfTasks(nodes)).toEqual([]);
      for (const name of indexesUsed(nodes)) used.add(name!);
    }
    // The planner picks among good indexes; one meant for this filter or sort is among them.
    expect(
      expected.filter((name) => used.has(name)),
      [...used].join(', '),
    ).not.toEqual([]);
  });

  const SORTS: [TaskFilters['sort'], string][] = [
    ['newest', 'tasks_created_at_idx'],
    ['oldest', 'tasks_created_at_idx'],
    ['priceLow', 'tasks_budget_idx'],
    ['priceHigh', 'tasks_budget_desc_idx'],
    ['deadline', 'tasks_deadline_idx'],
  ];

  /**
   * A deep page of browse skips its offset inside the sort's index without reading a row
   * (decision 1811): the ids come from an index-only scan, then the page's 12 rows by key.
   */
  it.each(SORTS)('browse, pages 50 and 84, index only: %s', async (sort, index) => {
    for (const page of [50, 84]) {
      const nodes = await plan(idQueries(db(), { sort }, { page, limit: 12 }).ids);
      expect(seqScansOfTasks(nodes)).toEqual([]);
      const onlyIndex = nodes.filter((n) => n['Node Type'] === 'Index Only Scan');
      expect(onlyIndex.map((n) => n['Index Name'])).toContain(index);
    }
    const ids = (await idQueries(db(), { sort }, { page: 84, limit: 12 }).ids).map((r) => r.id);
    const rows = await plan(tasks.queries.rows(ids, { sort }, null));
    expect(seqScansOfTasks(rows)).toEqual([]);
    expect(indexesUsed(rows)).toContain('tasks_pkey');
  });

  /**
   * The walk of a search reads its sort's own index (search-walk.ts), and so does its probe:
   * shallow or deep, at the walk's usual bound and at a deep page's longer one.
   */
  it.each(SORTS)('a search walking the sort index: %s', async (sort, index) => {
    const shapes: Omit<TaskFilters, 'sort'>[] = [
      { search: 'logo' },
      { location: 'berlin', minPrice: 100 },
      { skills: ['react'], category: 'Design' },
    ];
    for (const shape of shapes) {
      const f: TaskFilters = { sort, ...shape };
      const walks = [1, 50].flatMap((page) =>
        [shallowWalkRows({ page, limit: 12 }), WALK_ROWS, 10_000].map((rows) =>
          walkQuery(db(), f, { page, limit: 12 }, rows),
        ),
      );
      for (const query of [probeQuery(db(), f), ...walks]) {
        const nodes = await plan(query);
        expect(seqScansOfTasks(nodes)).toEqual([]);
        expect(indexesUsed(nodes)).toContain(index);
      }
    }
  });

  it("my tasks (owner's list): its ids, its count and its rows with their bid counts", async () => {
    const own: TaskFilters = { sort: 'newest', ownerId: someTask.ownerId };
    const q = idQueries(db(), own, { page: 1, limit: 12 });
    for (const query of [q.ids, q.count(countCap({ page: 1, limit: 12 }))]) {
      const nodes = await plan(query);
      expect(seqScansOfTasks(nodes)).toEqual([]);
      expect(indexesUsed(nodes)).toContain('tasks_owner_created_at_idx');
    }
    const ids = (await q.ids).map((row) => row.id);
    const rows = await plan(tasks.queries.rows(ids, own, someTask.ownerId));
    expect(seqScansOfTasks(rows)).toEqual([]);
    expect(indexesUsed(rows)).toContain('tasks_pkey');
  });

  it('one task with its bid count, its bids, and the category counts', async () => {
    const detail = await plan(tasks.queries.findById(someTask.id, null));
    expect(seqScansOfTasks(detail)).toEqual([]);
    expect(indexesUsed(detail)).toContain('tasks_pkey');
    expect(indexesUsed(detail)).toContain('bids_task_created_at_idx');

    const bidList = await plan(
      bids.pageQuery(someTask.id, someTask.ownerId, someTask.ownerId, 100, 0),
    );
    expect(
      bidList.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'bids'),
    ).toEqual([]);
    expect(indexesUsed(bidList)).toContain('bids_task_created_at_idx');

    const categories = await plan(tasks.queries.categoryCounts());
    expect(seqScansOfTasks(categories)).toEqual([]);
  });

  it('the bids a person placed, page 1 and a deep page, and their count', async () => {
    const result = (await db().execute(
      sql`select bidder_id from bids group by bidder_id order by count(*) desc limit 1`,
    )) as unknown as { rows: { bidder_id: string }[] };
    const bidder = result.rows[0]!.bidder_id;
    for (const page of [1, 5]) {
      const q = bids.myBidsQueries(bidder, page, 12);
      for (const query of [q.page, q.count]) {
        const nodes = await plan(query);
        expect(seqScansOf(nodes, 'bids')).toEqual([]);
        expect(seqScansOfTasks(nodes)).toEqual([]);
        expect(indexesUsed(nodes)).toContain('bids_bidder_created_at_idx');
      }
    }
  });

  it('the questions on a task, newest first, page 1 and after a cursor', async () => {
    const db = t.app.database.db;
    // Three questions on every task, asked by its owner's neighbours' owners (any user will do).
    await db.execute(
      sql`insert into questions (task_id, asker_id, text, created_at)
          select id, owner_id, 'How big is it?', created_at + make_interval(mins => n)
          from tasks, generate_series(1, 3) n`,
    );
    await db.execute(sql`analyze questions`);
    const repo = createQuestionRepository(db, t.app.events);
    const cursor = encodeCursor({ at: '2030-01-01T00:00:00.000000Z', id: someTask.id });
    for (const [viewer, after] of [
      [someTask.ownerId, undefined],
      ['someone-else', undefined],
      ['someone-else', cursor],
    ] as const) {
      const nodes = await plan(repo.pageQuery(someTask.id, viewer, someTask.ownerId, 10, after));
      expect(
        nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'questions'),
      ).toEqual([]);
      expect(indexesUsed(nodes)).toContain('questions_task_created_at_idx');
    }
  });

  it('a proof that can fail: without a usable index the planner does scan', async () => {
    const nodes = await plan(sql`select count(*) from tasks where estimated_time > 3`);
    expect(seqScansOfTasks(nodes)).toHaveLength(1);
  });
});
