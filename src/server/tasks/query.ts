import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The ids of the tasks that meet one condition, from the index that answers it. */
const idsWhere = (condition: SQL) => sql`(select ${tasks.id} from ${tasks} where ${condition})`;

/** Full-text (stemmed words, web-search syntax) OR case-insensitive substring of title/description. */
function searchIds(term: string): SQL {
  const arms = [idsWhere(sql`${tasks.searchVector} @@ websearch_to_tsquery('english', ${term})`)];
  if (term.length >= TRIGRAM_MIN) {
    const pattern = containsPattern(term);
    arms.push(idsWhere(sql`${tasks.title} ilike ${pattern}`));
    arms.push(idsWhere(sql`${tasks.description} ilike ${pattern}`));
  }
  return sql`(${sql.join(arms, sql` union `)})`;
}

/**
 * A skill matches when it appears in the title, the description or the category name.
 * Skills shorter than three characters ("Go", "UI") match as whole words (full text).
 */
function skillIds(skill: string): SQL {
  const lower = skill.toLowerCase();
  const categories = CATEGORIES.filter((c) => c.toLowerCase().includes(lower));
  const arms: SQL[] = [];
  if (skill.length >= TRIGRAM_MIN) {
    const pattern = containsPattern(skill);
    arms.push(idsWhere(sql`${tasks.title} ilike ${pattern}`));
    arms.push(idsWhere(sql`${tasks.description} ilike ${pattern}`));
  } else {
    arms.push(idsWhere(sql`${tasks.searchVector} @@ plainto_tsquery('english', ${skill})`));
  }
  if (categories.length > 0) arms.push(idsWhere(inArray(tasks.category, categories)));
  return sql`(${sql.join(arms, sql` union `)})`;
}

/**
 * The text conditions (search, each skill) as one set of ids: a UNION per condition (each
 * arm answered by one index: GIN full text, trigram title, trigram description, category
 * b-tree), INTERSECTed across conditions, handed to the outer query as an array so it is
 * fetched through the primary key. Written as plain ORs, the planner prices ILIKE on long
 * descriptions far too cheaply and scans the whole table (hundreds of ms at 100k tasks).
 */
function textCondition(f: TaskFilters): SQL | undefined {
  const sets = [...(f.search ? [searchIds(f.search)] : []), ...(f.skills ?? []).map(skillIds)];
  if (sets.length === 0) return undefined;
  return sql`${tasks.id} = any(array(${sql.join(sets, sql` intersect `)}))`;
}

/** The WHERE clause for a set of filters (undefined: every task). */
export function taskWhere(f: TaskFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    f.ownerId ? eq(tasks.ownerId, f.ownerId) : undefined,
    f.category ? eq(tasks.category, f.category) : undefined,
    f.minPrice !== undefined ? gte(tasks.budget, f.minPrice) : undefined,
    f.maxPrice !== undefined ? lte(tasks.budget, f.maxPrice) : undefined,
    f.location ? sql`${tasks.location} ilike ${containsPattern(f.location)}` : undefined,
    textCondition(f),
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
