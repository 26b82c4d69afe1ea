/** One field rule at one boundary: the field, the value sent, whether it is accepted. */
export type FieldCase = [field: string, value: unknown, accepted: boolean];

/**
 * The values each field accepts and refuses, as `[field, value, accepted]` rows for `it.each`
 * (a `'%s = %j accepted: %s'` title names each one).
 */
export function fieldCases(
  rules: Record<string, { accepted?: unknown[]; refused?: unknown[] }>,
): FieldCase[] {
  return Object.entries(rules).flatMap(([field, { accepted = [], refused = [] }]) => [
    ...accepted.map((value): FieldCase => [field, value, true]),
    ...refused.map((value): FieldCase => [field, value, false]),
  ]);
}
