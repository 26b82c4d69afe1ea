import type { Db } from './db.ts';

/**
 * Named statements for a read that may go to the primary or to the read replica: built by
 * `build` once per Drizzle handle, on first use. Each pooled connection of that handle then
 * parses and plans a statement only the first time it runs it.
 */
export function preparedPerReader<T>(build: (reader: Db) => T): (reader: Db) => T {
  const built = new WeakMap<Db, T>();
  return (reader) => {
    let statements = built.get(reader);
    if (statements === undefined) {
      statements = build(reader);
      built.set(reader, statements);
    }
    return statements;
  };
}
