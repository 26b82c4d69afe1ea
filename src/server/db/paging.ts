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
  const offset = pageOffset(params);
  if (items.length > 0 && items.length < params.limit) {
    return { items, total: offset + items.length };
  }
  if (items.length === 0 && offset === 0) return { items, total: 0 };
  const [counted] = await count;
  return { items, total: counted?.n ?? 0 };
}
