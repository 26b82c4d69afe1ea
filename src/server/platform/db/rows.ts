/**
 * The row an `insert … returning` wrote. A plain insert always returns one: none is a bug,
 * not a refusal (an insert that may write nothing, `onConflictDoNothing`, reads its array
 * itself).
 */
export function insertedRow<R>(rows: R[]): R {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}
