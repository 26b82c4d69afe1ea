import { sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import type { Page } from '../../../shared/paging/schema.ts';
import { isUuid } from './ids.ts';

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

/** The same page with each of its items made into what the API shows. */
export const mapPage = <R, T>(page: Page<R>, toItem: (row: R) => T): Page<T> => ({
  ...page,
  items: page.items.map(toItem),
});

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

/** Where a keyset page starts: after the row with this time (microseconds, UTC) and id. */
export interface KeysetCursor {
  at: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A timestamp column as a cursor's time: to the microsecond, so no row is skipped or repeated. */
export const cursorTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The opaque `nextCursor` a page hands out. */
export const encodeCursor = (cursor: KeysetCursor) =>
  Buffer.from(`${cursor.at}_${cursor.id}`).toString('base64url');

/** A cursor the client sent back; undefined when it is not one this server made. */
export function decodeCursor(value: string): KeysetCursor | undefined {
  const [at = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('_');
  return rest.length === 0 && CURSOR_TIME.test(at) && isUuid(id) ? { at, id } : undefined;
}

/** The opaque cursor of a list ordered by a number of its own (a message's place in its thread). */
export const encodeSeqCursor = (seq: number) => Buffer.from(`#${seq}`).toString('base64url');

/** The number a sequence cursor carries; undefined when it is not one this server made. */
export function decodeSeqCursor(value: string): number | undefined {
  const digits = /^#(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString('utf8'))?.[1];
  const seq = Number(digits);
  return digits !== undefined && seq >= 1 ? seq : undefined;
}

/**
 * Rows after the cursor in newest-first order (`time desc, id desc`): a row comparison the
 * index on (…, time desc, id desc) serves. The cursor's parts may be a prepared statement's
 * placeholders.
 */
export const olderThan = (
  time: AnyColumn,
  id: AnyColumn,
  cursor: KeysetCursor | { at: Placeholder; id: Placeholder },
) => sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
