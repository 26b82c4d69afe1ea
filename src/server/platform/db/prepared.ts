import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

/** `build(key)` once per key, kept in `cache`. */
function memoized<K, T>(
  cache: { get(key: K): T | undefined; set(key: K, value: T): unknown },
  build: (key: K) => T,
): (key: K) => T {
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = build(key);
      cache.set(key, value);
    }
    return value;
  };
}

/**
 * Named statements for a read that may go to the primary or to the read replica: built by
 * `build` once per Drizzle handle, on first use. Each pooled connection of that handle then
 * parses and plans a statement only the first time it runs it.
 */
export const preparedPerReader = <T>(build: (reader: Db) => T): ((reader: Db) => T) =>
  memoized(new WeakMap<Db, T>(), build);

/** One statement per page size, built on first use (`build` names it with the size). */
export const perPageSize = <T>(build: (size: number) => T): ((size: number) => T) =>
  memoized(new Map<number, T>(), build);

/**
 * A page size written into a statement (`limit 21`, not `limit $2`). With the size a
 * parameter, PostgreSQL's generic plan guesses a tenth of the rows and can look dearer than
 * a custom one, so the statement is planned anew on every run; with the size in it, the
 * generic plan is the index walk a custom plan would choose. Only whole numbers are written.
 */
export function literalLimit(size: number): number {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`page size ${size}`);
  // Drizzle writes an SQL chunk given as the limit into the statement as it is.
  return sql.raw(String(size)) as unknown as number;
}
