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
import { createTaskRepository } from './repository.ts';

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

  const plan = (query: SQLWrapper) => planNodes(t.app.database.db, query);
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
      ['tasks_search_vector_idx', 'tasks_title_trgm_idx', 'tasks_description_trgm_idx'],
    ],
    ['search (substring, no match)', { search: 'zzqx' }, ['tasks_description_trgm_idx']],
    [
      'search (common word), nearest deadlines',
      { search: 'logo', sort: 'deadline' },
      ['tasks_title_trgm_idx', 'tasks_description_trgm_idx'],
    ],
    [
      'search + category + price range, price low to high, page 5',
      { search: 'logo', category: 'Design', minPrice: 50, maxPrice: 3000, sort: 'priceLow' },
      ['tasks_title_trgm_idx', 'tasks_description_trgm_idx'],
      5,
    ],
    [
      'search + category + price',
      { search: 'logo', category: 'Design', minPrice: 50 },
      ['tasks_search_vector_idx'],
    ],
    ['location', { location: 'berlin' }, ['tasks_location_trgm_idx']],
    ['location, oldest', { location: 'berlin', sort: 'oldest' }, ['tasks_location_trgm_idx']],
    [
      'skills',
      { skills: ['react', 'figma'] },
      ['tasks_title_trgm_idx', 'tasks_description_trgm_idx'],
    ],
    ['skill naming a category', { skills: ['design'] }, ['tasks_category_created_at_idx']],
  ];

  it.each(CASES)('%s', async (_name, filters, expected, page = 1) => {
    const q = tasks.queries.list({ sort: 'newest', ...filters }, page, 12, null);
    const used = new Set<string>();
    for (const query of [q.page, q.count(countCap({ page, limit: 12 }))]) {
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

  /** The walk of a search reads its sort's own index (search-walk.ts), shallow or deep. */
  const WALKS: [TaskFilters['sort'], string][] = [
    ['newest', 'tasks_created_at_idx'],
    ['oldest', 'tasks_created_at_idx'],
    ['priceLow', 'tasks_budget_idx'],
    ['priceHigh', 'tasks_budget_desc_idx'],
    ['deadline', 'tasks_deadline_idx'],
  ];
  it.each(WALKS)('a search walking the sort index: %s', async (sort, index) => {
    const shapes: Omit<TaskFilters, 'sort'>[] = [
      { search: 'logo' },
      { location: 'berlin', minPrice: 100 },
      { skills: ['react'], category: 'Design' },
    ];
    for (const [shape, page] of shapes.flatMap((s) => [1, 50].map((p) => [s, p] as const))) {
      const q = tasks.queries.list({ sort, ...shape }, page, 12, null);
      const nodes = await plan(('walk' in q && q.walk) || sql`select`);
      expect(seqScansOfTasks(nodes)).toEqual([]);
      expect(indexesUsed(nodes)).toContain(index);
      expect(indexesUsed(nodes)).toContain('tasks_pkey');
    }
  });

  /** Searches whose pages the walk and the GIN path both answer, shallow and deep. */
  const SAME_IDS: [Omit<TaskFilters, 'sort'> & { sort?: TaskFilters['sort'] }, number][] = [
    [{ search: 'for' }, 1],
    [{ search: 'for', sort: 'priceLow' }, 3],
    [{ search: 'FOR A', sort: 'priceHigh', minPrice: 200 }, 1],
    [{ search: 'for', sort: 'deadline' }, 2],
    [{ search: 'for', sort: 'oldest', category: 'Design' }, 1],
    [{ search: 'logo' }, 1],
    [{ search: 'logo', sort: 'priceLow' }, 5],
    [{ search: 'for', sort: 'priceLow', minPrice: 300, maxPrice: 4000 }, 2],
    [{ search: 'bakery', sort: 'oldest' }, 1],
    [{ search: 'zzqx' }, 1],
    [{ search: 'Build' }, 1],
    [{ location: 'e', sort: 'priceHigh' }, 1],
    [{ location: 'berlin' }, 2],
    [{ skills: ['react', 'figma'] }, 1],
    [{ skills: ['design'], sort: 'deadline' }, 1],
    [{ search: 'for', maxPrice: 300 }, 40],
  ];

  it('a search gives the same ids, in the same order, as the GIN path (every match sorted)', async () => {
    let walked = 0;
    for (const [filters, page] of SAME_IDS) {
      const f: TaskFilters = { sort: 'newest', ...filters };
      const gin = (await tasks.queries.list(f, page, 12, null).page).map((row) => row.id);
      const answer = await tasks.list(f, page, 12, null);
      expect(
        answer.items.map((task) => task._id),
        JSON.stringify([filters, page]),
      ).toEqual(gin);
      if (answer.totalExact === false) walked += 1;
    }
    // Both paths answered some of them: the walk (an unexact total) and the GIN indexes.
    expect(walked).toBeGreaterThanOrEqual(4);
    expect(walked).toBeLessThan(SAME_IDS.length - 3);
  });

  it("my tasks (owner's list)", async () => {
    const q = tasks.queries.list(
      { sort: 'newest', ownerId: someTask.ownerId },
      1,
      12,
      someTask.ownerId,
    );
    for (const query of [q.page, q.count(countCap({ page: 1, limit: 12 }))]) {
      const nodes = await plan(query);
      expect(seqScansOfTasks(nodes)).toEqual([]);
      expect(indexesUsed(nodes)).toContain('tasks_owner_created_at_idx');
    }
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
