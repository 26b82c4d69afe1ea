import { CATEGORIES } from '../../../../shared/constants.ts';
import type { TaskListQuery } from '../../../../shared/tasks.ts';

/** The browse screen's state; it lives in the URL's query string. */
export interface BrowseState {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  location: string;
  skills: string;
  sort: BrowseSort;
  page: number;
}

export const BROWSE_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'priceLow', label: 'Price: Low to High' },
  { value: 'priceHigh', label: 'Price: High to Low' },
] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number]['value'];

const FILTER_KEYS = ['search', 'category', 'minPrice', 'maxPrice', 'location', 'skills'] as const;

const isSort = (value: string): value is BrowseSort => BROWSE_SORTS.some((s) => s.value === value);
const isCategory = (value: string) => (CATEGORIES as readonly string[]).includes(value);
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
  sort: 'newest',
  page: 1,
};
