import type { Page } from '../../shared/paging.ts';

export interface PageParams {
  page: number;
  limit: number;
}

/** The rows a page skips. */
export const pageOffset = ({ page, limit }: PageParams) => (page - 1) * limit;

/**
 * Runs a page's query and, only when the page cannot tell, the count: a short page that
 * is not empty ends the list, so the total is its offset plus its rows. Both queries are
 * handed over unexecuted (a Drizzle query runs when awaited).
 */
export async function countedPage<R>(
  params: PageParams,
  rows: PromiseLike<R[]>,
  count: PromiseLike<{ n: number }[]>,
): Promise<Page<R>> {
  const items = await rows;
  const known = totalFromPage(params, items.length);
  if (known !== undefined) return { items, total: known };
  const [counted] = await count;
  return { items, total: counted?.n ?? 0 };
}

/** The total when the page tells it (short and not empty, or the first and empty). */
function totalFromPage(params: PageParams, rows: number): number | undefined {
  const offset = pageOffset(params);
  if (rows > 0 && rows < params.limit) return offset + rows;
  if (rows === 0 && offset === 0) return 0;
  return undefined;
}

/** Counting a list stops here: at least 1,000 items, and ten pages past the one asked for. */
export const countCap = (params: PageParams) =>
  Math.max(1000, pageOffset(params) + 10 * params.limit);

/**
 * Like `countedPage`, with a count that stops after `countCap` + 1 rows (the query is given
 * the cap): beyond it the total is the cap, marked as not exact.
 */
export async function boundedPage<R>(
  params: PageParams,
  rows: PromiseLike<R[]>,
  count: (cap: number) => PromiseLike<{ n: number }[]>,
): Promise<Page<R>> {
  const items = await rows;
  const known = totalFromPage(params, items.length);
  if (known !== undefined) return { items, total: known };
  const cap = countCap(params);
  const [counted] = await count(cap);
  const n = counted?.n ?? 0;
  return n > cap ? { items, total: cap, totalExact: false } : { items, total: n };
}
