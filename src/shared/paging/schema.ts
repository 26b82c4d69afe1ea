import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../constants.ts';

/** A query-string whole number: digits only; empty or absent means "not set". */
const wholeNumber = (message: string) =>
  z
    .string()
    .regex(/^\d*$/, message)
    .transform((v) => (v === '' ? undefined : Number(v)));

/**
 * `page` (from 1, at most MAX_PAGE) and `limit` (1 to MAX_PAGE_SIZE, `defaultLimit` when
 * absent): the paging of every list of the API. Spread its `shape` into a list's own query.
 */
export const pageQuerySchema = (defaultLimit: number) =>
  z.object({
    page: wholeNumber('must be a whole number from 1')
      .optional()
      .transform((v) => v ?? 1)
      .pipe(z.number().int().min(1).max(MAX_PAGE)),
    limit: wholeNumber(`must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .optional()
      .transform((v) => v ?? defaultLimit)
      .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)),
  });

/** Which page of a list, and how long a page is: what every paged call asks for. */
export type PageQuery = z.output<ReturnType<typeof pageQuerySchema>>;

/** What a list's repository returns: one page, and how many items there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
  /** false: counting stopped at `total`, there are more (the screen shows "1,000+"). */
  totalExact?: boolean;
}

/**
 * One page of a list paged by keyset: its items, and the cursor of the next page (null on the
 * last one). Extend it with what a list adds, e.g. a total.
 */
export const cursorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/**
 * `cursor` (opaque, from the previous page's `nextCursor`; absent or empty: the first page)
 * and `limit` (1 to MAX_PAGE_SIZE, `defaultLimit` when absent): a list paged by keyset.
 */
export const cursorQuerySchema = (defaultLimit: number) =>
  z.object({
    cursor: z
      .string()
      .max(200)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    limit: pageQuerySchema(defaultLimit).shape.limit,
  });
