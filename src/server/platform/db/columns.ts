import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns by name, in that order: `columnsOf(reviews, 'id', 'rating')`. */
export function columnsOf<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
