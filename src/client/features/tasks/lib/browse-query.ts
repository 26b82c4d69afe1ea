import { CRITERIA_FIELDS, type SavedCriteria } from '../../../../shared/alerts/rules.ts';
import { CATEGORIES } from '../../../../shared/constants.ts';
import { TASK_STAGES, type TaskStage } from '../../../../shared/tasks/rules.ts';
import type { TaskListQuery } from '../../../../shared/tasks/schema.ts';

/** The browse screen's state; it lives in the URL's query string. */
export interface BrowseState {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  location: string;
  skills: string;
  /** Where the tasks stand; '' for every task. */
  status: TaskStage | '';
  sort: BrowseSort;
  page: number;
}

export const BROWSE_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'priceLow', label: 'Price: Low to High' },
  { value: 'priceHigh', label: 'Price: High to Low' },
  // Upcoming deadlines only, nearest first (an overdue task is not "due").
  { value: 'deadline', label: 'Due Soonest' },
] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number]['value'];

/** The status filter's choices, "All" first. */
export const BROWSE_STATUSES: readonly { value: TaskStage | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open for offers' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'completed', label: 'Completed' },
];

const FILTER_KEYS = [
  'search',
  'category',
  'minPrice',
  'maxPrice',
  'location',
  'skills',
  'status',
] as const;

const isSort = (value: string): value is BrowseSort => BROWSE_SORTS.some((s) => s.value === value);
const isCategory = (value: string) => (CATEGORIES as readonly string[]).includes(value);
const isStage = (value: string): value is TaskStage =>
  (TASK_STAGES as readonly string[]).includes(value);
const isAmount = (value: string) => /^\d+(\.\d{1,2})?$/.test(value);

/** Reads the query string; unknown or malformed values fall back to "not set". */
export function readBrowseState(params: URLSearchParams): BrowseState {
  const get = (key: string) => (params.get(key) ?? '').trim();
  const page = Number(get('page'));
  return {
    search: get('search'),
    category: isCategory(get('category')) ? get('category') : '',
    minPrice: isAmount(get('minPrice')) ? get('minPrice') : '',
    maxPrice: isAmount(get('maxPrice')) ? get('maxPrice') : '',
    location: get('location'),
    skills: get('skills'),
    status: isStage(get('status')) ? (get('status') as TaskStage) : '',
    sort: isSort(get('sort')) ? (get('sort') as BrowseSort) : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a state, without empty values and defaults ("" for none). */
export function browseSearch(state: BrowseState): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state[key].trim();
    if (value) params.set(key, value);
  }
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when any filter or the search term is set (sort and page do not count). */
export function hasActiveFilters(state: BrowseState): boolean {
  return FILTER_KEYS.some((key) => state[key].trim() !== '');
}

/** The API query for a state. */
export function browseApiQuery(state: BrowseState, pageSize: number): TaskListQuery {
  return {
    search: state.search || undefined,
    category: state.category || undefined,
    minPrice: state.minPrice || undefined,
    maxPrice: state.maxPrice || undefined,
    location: state.location || undefined,
    skills: state.skills || undefined,
    status: state.status || undefined,
    sort: state.sort,
    page: String(state.page),
    limit: String(pageSize),
  } as TaskListQuery;
}

export const EMPTY_BROWSE_STATE: BrowseState = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  skills: '',
  status: '',
  sort: 'newest',
  page: 1,
};

/** One applied filter as a chip names it, and what removing it changes. */
export interface FilterChip {
  key: string;
  label: string;
  remove: Partial<BrowseState>;
}

/**
 * The applied filters (and a sort other than the default) as chips, in the panel's order;
 * the search term has its own box.
 */
export function filterChips(state: BrowseState): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, remove: Partial<BrowseState>) =>
    chips.push({ key, label, remove });
  // "$50", "$1,500", "$20.50".
  const dollars = (amount: string) =>
    `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: amount.includes('.') ? 2 : 0 })}`;
  if (state.category) add('category', `Category: ${state.category}`, { category: '' });
  const status = BROWSE_STATUSES.find((s) => s.value === state.status);
  if (state.status && status) add('status', `Status: ${status.label}`, { status: '' });
  const { minPrice: min, maxPrice: max } = state;
  if (min || max) {
    const range =
      min && max
        ? `${dollars(min)} – ${dollars(max)}`
        : min
          ? `from ${dollars(min)}`
          : `up to ${dollars(max)}`;
    add('price', `Price: ${range}`, { minPrice: '', maxPrice: '' });
  }
  if (state.location) add('location', `Location: ${state.location}`, { location: '' });
  if (state.skills) add('skills', `Skills: ${state.skills}`, { skills: '' });
  const sort = BROWSE_SORTS.find((s) => s.value === state.sort);
  if (state.sort !== 'newest' && sort) add('sort', `Sort: ${sort.label}`, { sort: 'newest' });
  return chips;
}

/** The state's criteria a saved search keeps (not the page, nor the status: alerts are of open tasks). */
export function criteriaOf(state: BrowseState): SavedCriteria {
  const criteria: SavedCriteria = {};
  for (const field of CRITERIA_FIELDS) {
    const value = state[field].trim();
    if (value && !(field === 'sort' && value === 'newest')) criteria[field] = value;
  }
  return criteria;
}

/** A saved search's criteria in words: the search term, then the filters as the chips say them. */
export function describeCriteria(criteria: SavedCriteria): string[] {
  const state = readBrowseState(new URLSearchParams(criteria as Record<string, string>));
  const words = filterChips(state).map((chip) => chip.label);
  return state.search ? [`Search: “${state.search}”`, ...words] : words;
}
