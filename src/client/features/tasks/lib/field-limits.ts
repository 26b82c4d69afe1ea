/**
 * Field lengths the forms enforce with `maxLength`. The server's limits live in
 * src/shared/tasks.ts, which carries zod and so must not reach the browser bundle;
 * field-limits.test.ts keeps these numbers equal to those.
 */
export const FIELD_LIMITS = {
  title: 200,
  description: 5000,
  imageUrl: 2048,
  location: 200,
  search: 200,
} as const;
