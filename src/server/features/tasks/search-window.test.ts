import { beforeAll, describe, expect, it } from 'vitest';
import { indexesUsed, planNodes, seqScansOf } from '../../../../tests/setup/query-plan.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { seedBenchmark } from '../../../../tools/seed/seed-bench.ts';
import { countCap, type PageParams } from '../../platform/db/paging.ts';
import { windowQuery } from './postgres-search.ts';
import type { TaskFilters } from './query.ts';
import { everyMatchPage } from './search-index.contract.ts';
import { windowedIds } from './search-window.ts';

const TASKS = 20_000;
const LIMIT = 12;

/** Each sort's own index, which a window of it is a range of. */
const SORTS: [TaskFilters['sort'], string][] = [
  ['newest', 'tasks_created_at_idx'],
  ['oldest', 'tasks_created_at_idx'],
  ['priceLow', 'tasks_budget_idx'],
  ['priceHigh', 'tasks_budget_desc_idx'],
  ['deadline', 'tasks_deadline_idx'],
];

/**
 * Searches answered from a window of the sort order (decision 1850), on 20,000 benchmark tasks:
 * "for" is in every title; "reference 1" only in tasks 1, 10–19, 100–199, 1,000–1,999 and
 * 10,000–19,999 (the description's number), so the newest have few matches and later windows
 * must be tried; a category and a price range make matches sparser.
 */
const QUERIES: [Omit<TaskFilters, 'sort'>, number, number | undefined][] = [
  [{ search: 'for' }, 1, 1],
  [{ search: 'for' }, 50, 0.9],
  [{ search: 'for' }, 84, undefined],
  [{ search: 'reference 1' }, 1, 0.5],
  [{ search: 'reference 1' }, 84, 0.05],
  [{ search: 'for', category: 'Design', minPrice: 40, maxPrice: 4000 }, 2, 0.15],
  [{ skills: ['for'], location: 'a' }, 3, 0.5],
];

describe('a window of the sort order: the same page as every match sorted', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  beforeAll(async () => {
    await seedBenchmark(t.app.database.kind === 'postgres' ? t.databaseUrl : db(), {
      tasks: TASKS,
      bids: 0,
    });
  }, 120_000);

  const reference = (f: TaskFilters, params: PageParams) => everyMatchPage(db(), f, params);

  it.each(SORTS)('%s: answers with the page and a true "1,000+", or not at all', async (sort) => {
    let answered = 0;
    for (const [filters, page, share] of QUERIES) {
      const f: TaskFilters = { sort, ...filters };
      const params = { page, limit: LIMIT };
      const windows: string[] = [];
      const ids = await windowedIds(db(), f, params, share, async (window) => {
        const rows = await windowQuery(db(), f, params, window);
        windows.push(`${rows[0]?.total ?? 0}`);
        return { ids: rows.map((row) => row.id), inWindow: rows[0]?.total ?? 0 };
      });
      if (!ids) continue;
      answered += 1;
      const expected = await reference(f, params);
      const label = JSON.stringify([filters, page, windows]);
      expect(ids, label).toEqual(expected.ids);
      expect(expected.count, label).toBeGreaterThan(countCap(params));
    }
    expect(answered).toBeGreaterThanOrEqual(4);
  });

  it('tries a wider window when the first holds too few matches', async () => {
    // The newest 1,600 tasks hold 111 "reference 1" (1, 10–19, 100–199): the first window is short.
    const f: TaskFilters = { sort: 'newest', search: 'reference 1' };
    const params = { page: 1, limit: LIMIT };
    const seen: number[] = [];
    const ids = await windowedIds(db(), f, params, 1, async (window) => {
      const rows = await windowQuery(db(), f, params, window);
      seen.push(rows[0]?.total ?? 0);
      return { ids: rows.map((row) => row.id), inWindow: rows[0]?.total ?? 0 };
    });
    expect(ids).toEqual((await reference(f, params)).ids);
    expect(seen.length).toBeGreaterThan(1);
  });

  /** The window is a range of the sort's index, read with the GIN indexes' matches. */
  it.each(SORTS)(
    '%s: the window reads its sort index and the text indexes',
    async (sort, index) => {
      const f: TaskFilters = { sort, search: 'logo' };
      const params = { page: 1, limit: LIMIT };
      const plans: string[][] = [];
      await windowedIds(db(), f, params, 0.5, async (window) => {
        const nodes = await planNodes(db(), windowQuery(db(), f, params, window));
        expect(seqScansOf(nodes, 'tasks')).toEqual([]);
        plans.push([...indexesUsed(nodes)].filter((n): n is string => n !== undefined));
        return { ids: [], inWindow: 0 };
      });
      expect(plans.length).toBeGreaterThan(0);
      // A price window is a range of either budget index.
      const accepted = index.startsWith('tasks_budget')
        ? ['tasks_budget_idx', 'tasks_budget_desc_idx']
        : [index];
      for (const used of plans)
        expect(used.filter((name) => accepted.includes(name))).not.toEqual([]);
    },
  );
});
