import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { seedBenchmark } from '../../../../tools/seed/seed-bench.ts';

const TASKS = 1300;

/**
 * Past 1,000 matches the browse total is counted only as far as needed (1,000, or ten pages
 * past the one asked for) and marked as a lower bound; text searches count every match
 * exactly from the rows they collect anyway.
 */
describe('browse: totals that stop counting, and exact ones', () => {
  const t = useTestApp();

  beforeAll(async () => {
    await seedBenchmark(t.app.database.db, { tasks: TASKS, bids: 0 });
  }, 120_000);

  async function browse(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}` });
    expect(res.statusCode).toBe(200);
    return {
      rows: (res.json() as unknown[]).length,
      total: Number(res.headers['x-total-count']),
      exact: res.headers['x-total-count-exact'] !== 'false',
    };
  }

  async function countWhere(condition: ReturnType<typeof sql>) {
    const result = (await t.app.database.db.execute(
      sql`select count(*)::int as n from tasks where ${condition}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  }

  it('page 1 of everything says "at least 1,000"', async () => {
    expect(await browse('page=1')).toEqual({ rows: 12, total: 1000, exact: false });
  });

  it('the bound moves with the page, so the strip always offers the next pages', async () => {
    // Page 84 starts at row 997: counting goes to 996 + 10 pages of 12.
    expect(await browse('page=84')).toEqual({ rows: 12, total: 1116, exact: false });
  });

  it('near the end the count reaches every task and is exact', async () => {
    expect(await browse('page=100')).toEqual({ rows: 12, total: TASKS, exact: true });
    // The last page is short: its rows tell the total.
    expect(await browse('page=109')).toEqual({ rows: 4, total: TASKS, exact: true });
    expect(await browse('page=110')).toEqual({ rows: 0, total: TASKS, exact: true });
  });

  it('a filter matching fewer than the bound is counted exactly', async () => {
    const expected = await countWhere(sql`category = 'Design' and budget between 100 and 2000`);
    expect(expected).toBeGreaterThan(12);
    expect(expected).toBeLessThan(1000);
    const page = await browse('category=Design&minPrice=100&maxPrice=2000');
    expect(page).toEqual({ rows: 12, total: expected, exact: true });
  });

  it('a search is counted exactly, past 1,000 too, on every page and past the last', async () => {
    const expected = await countWhere(
      sql`title ilike '%for a%' or description ilike '%for a%' or search_vector @@ websearch_to_tsquery('english', 'for a')`,
    );
    expect(expected).toBeGreaterThan(1000);
    expect(await browse('search=for%20a')).toEqual({ rows: 12, total: expected, exact: true });
    expect(await browse('search=for%20a&sort=priceLow&page=5')).toEqual({
      rows: 12,
      total: expected,
      exact: true,
    });
    const beyond = Math.ceil(expected / 12) + 1;
    expect(await browse(`search=for%20a&page=${beyond}`)).toEqual({
      rows: 0,
      total: expected,
      exact: true,
    });
  });
});
