import { and, eq, gte, inArray, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CATEGORIES, type Category, type TaskSort } from '../../../shared/constants.ts';
import { parseSkills, type TaskStage } from '../../../shared/tasks/rules.ts';
import { tasks } from '../../platform/db/schema.ts';

/** Filters of the browse page and of "my tasks", already validated. */
export interface TaskFilters {
  search?: string | undefined;
  category?: Category | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  skills?: string[] | undefined;
  stage?: TaskStage | undefined;
  ownerId?: string | undefined;
  sort: TaskSort;
}

/** The browse query's values, as its schema (`taskListQuerySchema`) reads them. */
export interface BrowseValues {
  search?: string | undefined;
  category?: Category | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  skills?: string | undefined;
  sort: TaskSort;
}

/**
 * The filters of a browse query: the one reading of its values, shared by the browse route
 * and by saved searches' alerts (a search alerts on exactly what browse would show).
 */
export function browseFilters(
  q: BrowseValues,
  scope: Pick<TaskFilters, 'stage' | 'ownerId'> = {},
): TaskFilters {
  return {
    search: q.search || undefined,
    category: q.category,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    location: q.location || undefined,
    skills: parseSkills(q.skills),
    stage: scope.stage,
    ownerId: scope.ownerId,
    sort: q.sort,
  };
}

/** Substring patterns shorter than this cannot use a trigram index; they stay full-text only. */
const TRIGRAM_MIN = 3;

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * How the substring test is written. `folded` (every list): LIKE on `search_text`, title and
 * description lowercased when stored (its trigram index serves it). ILIKE lowercases text and
 * pattern on every row it tests, then matches with LIKE, so the same pattern lowercased once
 * is the same test at a third of the cost (decision 1830). `ilike`: the test as first
 * written, on title and description; only the test that compares the two uses it.
 */
export type TextTest = 'folded' | 'ilike';

/** Title or description contains the term, case-insensitively. */
function containsText(term: string, test: TextTest): SQL {
  const pattern = containsPattern(term);
  const ilike = sql`(${tasks.title} ilike ${pattern} or ${tasks.description} ilike ${pattern})`;
  if (test === 'ilike') return ilike;
  const folded = sql`${tasks.searchText} like lower(${pattern})`;
  // A line break joins title and description in `search_text`: a term holding one could match
  // across it, so ILIKE decides (the folded test, implied by it, still picks the rows).
  return term.includes('\n') ? sql`(${folded} and ${ilike})` : folded;
}

/** Full-text (stemmed words, web-search syntax) OR case-insensitive substring of title/description. */
function searchCondition(term: string, test: TextTest): SQL {
  const fullText = sql`${tasks.searchVector} @@ websearch_to_tsquery('english', ${term})`;
  return term.length >= TRIGRAM_MIN
    ? sql`(${fullText} or ${containsText(term, test)})`
    : sql`(${fullText})`;
}

/**
 * A skill matches when it appears in the title, the description or the category name.
 * Skills shorter than three characters ("Go", "UI") match as whole words (full text).
 */
function skillCondition(skill: string, test: TextTest): SQL {
  const lower = skill.toLowerCase();
  const categories = CATEGORIES.filter((c) => c.toLowerCase().includes(lower));
  const arms: SQL[] = [
    skill.length >= TRIGRAM_MIN
      ? containsText(skill, test)
      : sql`${tasks.searchVector} @@ plainto_tsquery('english', ${skill})`,
  ];
  if (categories.length > 0) arms.push(inArray(tasks.category, categories));
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * Whether the filters include a text condition (search, skills, location): those are
 * answered by the GIN indexes as one bitmap of every match, then sorted, rather than by
 * walking a sort index (see `postgres-search.ts`).
 */
export const hasTextFilter = (f: TaskFilters) =>
  Boolean(f.search || f.location || (f.skills && f.skills.length > 0));

/** The WHERE clause for a set of filters (undefined: every task); `test`: see `TextTest`. */
export function taskWhere(f: TaskFilters, test: TextTest = 'folded'): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    f.ownerId ? eq(tasks.ownerId, f.ownerId) : undefined,
    // Moderation keeps a task out of browse and search; its owner's own list still shows it.
    f.ownerId ? undefined : isNull(tasks.moderation),
    f.category ? eq(tasks.category, f.category) : undefined,
    f.minPrice !== undefined ? gte(tasks.budget, f.minPrice) : undefined,
    f.maxPrice !== undefined ? lte(tasks.budget, f.maxPrice) : undefined,
    // Open for offers, assigned or completed: a column the database keeps (schema/tasks.ts).
    f.stage ? eq(tasks.stage, f.stage) : undefined,
    f.location ? sql`${tasks.location} ilike ${containsPattern(f.location)}` : undefined,
    f.search ? searchCondition(f.search, test) : undefined,
    ...(f.skills ?? []).map((skill) => skillCondition(skill, test)),
    // "Nearest deadlines": upcoming ones only, today first.
    f.sort === 'deadline' ? sql`${tasks.deadline} >= current_date` : undefined,
  ];
  return and(...conditions);
}

/** The columns a sort reads: the table's, or the same names in a subquery of matches. */
export type SortColumns = Record<'id' | 'createdAt' | 'budget' | 'deadline', SQLWrapper>;

/**
 * ORDER BY for each sort, written to match an index exactly (direction and NULLS placement),
 * with the id as tie-breaker so paging is stable.
 */
export function taskOrder(sort: TaskSort, t: SortColumns = tasks): SQL[] {
  switch (sort) {
    case 'oldest':
      // Backward scan of tasks_created_at_idx (created_at is NOT NULL, so NULLS FIRST is moot).
      return [sql`${t.createdAt} asc nulls first`, sql`${t.id} asc nulls first`];
    case 'priceLow':
      return [sql`${t.budget} asc nulls last`, sql`${t.id} asc`];
    case 'priceHigh':
      return [sql`${t.budget} desc nulls last`, sql`${t.id} desc`];
    case 'deadline':
      return [sql`${t.deadline} asc`, sql`${t.id} asc`];
    case 'newest':
      return [sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`];
  }
}
