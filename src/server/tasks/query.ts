import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category, type TaskSort } from '../../shared/constants.ts';
import { tasks } from '../db/schema.ts';

/** Filters of the browse page and of "my tasks", already validated. */
export interface TaskFilters {
  search?: string | undefined;
  category?: Category | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  skills?: string[] | undefined;
  ownerId?: string | undefined;
  sort: TaskSort;
}

/** Substring patterns shorter than this cannot use a trigram index; they stay full-text only. */
const TRIGRAM_MIN = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names no task (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Full-text (stemmed words, web-search syntax) OR case-insensitive substring of title/description. */
function searchCondition(term: string): SQL {
  const fullText = sql`${tasks.searchVector} @@ websearch_to_tsquery('english', ${term})`;
  if (term.length < TRIGRAM_MIN) return fullText;
  const pattern = containsPattern(term);
  return or(
    fullText,
    sql`${tasks.title} ilike ${pattern}`,
    sql`${tasks.description} ilike ${pattern}`,
  ) as SQL;
}

/** A skill matches when it appears in the title, the description or the category name. */
function skillCondition(skill: string): SQL {
  const pattern = containsPattern(skill);
  const lower = skill.toLowerCase();
  const categories = CATEGORIES.filter((c) => c.toLowerCase().includes(lower));
  return or(
    sql`${tasks.title} ilike ${pattern}`,
    sql`${tasks.description} ilike ${pattern}`,
    categories.length > 0 ? inArray(tasks.category, categories) : undefined,
  ) as SQL;
}

/** The WHERE clause for a set of filters (undefined: every task). */
export function taskWhere(f: TaskFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    f.ownerId ? eq(tasks.ownerId, f.ownerId) : undefined,
    f.category ? eq(tasks.category, f.category) : undefined,
    f.minPrice !== undefined ? gte(tasks.budget, f.minPrice) : undefined,
    f.maxPrice !== undefined ? lte(tasks.budget, f.maxPrice) : undefined,
    f.location ? sql`${tasks.location} ilike ${containsPattern(f.location)}` : undefined,
    f.search ? searchCondition(f.search) : undefined,
    ...(f.skills ?? []).map(skillCondition),
    // "Nearest deadlines": upcoming ones only, today first.
    f.sort === 'deadline' ? sql`${tasks.deadline} >= current_date` : undefined,
  ];
  return and(...conditions);
}

/**
 * ORDER BY for each sort, written to match an index exactly (direction and NULLS placement),
 * with the id as tie-breaker so paging is stable.
 */
export function taskOrder(sort: TaskSort): SQL[] {
  switch (sort) {
    case 'oldest':
      // Backward scan of tasks_created_at_idx (created_at is NOT NULL, so NULLS FIRST is moot).
      return [sql`${tasks.createdAt} asc nulls first`, sql`${tasks.id} asc nulls first`];
    case 'priceLow':
      return [sql`${tasks.budget} asc nulls last`, sql`${tasks.id} asc`];
    case 'priceHigh':
      return [sql`${tasks.budget} desc nulls last`, sql`${tasks.id} desc`];
    case 'deadline':
      return [sql`${tasks.deadline} asc`, sql`${tasks.id} asc`];
    case 'newest':
      return [sql`${tasks.createdAt} desc nulls last`, sql`${tasks.id} desc nulls last`];
  }
}
