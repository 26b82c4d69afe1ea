import { CATEGORIES } from '../constants.ts';
import { pageTitle, type PageText } from './site.ts';

/** The browse screen's heading and the sentence under it. */
export const BROWSE_HEADING = {
  heading: 'Discover Tasks That Match Your Skills',
  intro:
    'Find work in web development, design, writing, marketing and more, and bid on what fits you.',
} as const;

/** The parts of a browse query that name what is being browsed. */
export interface BrowseTitleQuery {
  search: string;
  category: string;
}

/** Reads them from a query string as the browse screen does: a category it knows, or none. */
export function readBrowseTitleQuery(params: URLSearchParams): BrowseTitleQuery {
  const category = (params.get('category') ?? '').trim();
  return {
    search: (params.get('search') ?? '').trim(),
    category: (CATEGORIES as readonly string[]).includes(category) ? category : '',
  };
}

/**
 * Browse's title follows its query: "“logo” in Design · Browse Tasks · TaskBid". A search
 * term longer than 60 characters is cut (a title is for a tab and a result line).
 */
export function browsePage({ search, category }: BrowseTitleQuery): PageText {
  const term = search.trim();
  const shown = term.length > 60 ? `${term.slice(0, 59)}…` : term;
  const what = [shown ? `“${shown}”` : '', category ? `in ${category}` : '']
    .filter(Boolean)
    .join(' ');
  const title = pageTitle(what ? `${what} · Browse Tasks` : 'Browse Tasks');
  const tasks = [category ? `${category} tasks` : 'Tasks', shown ? `matching “${shown}”` : '']
    .filter(Boolean)
    .join(' ');
  return {
    title,
    description: `${tasks} on TaskBid: compare budgets and deadlines, and bid on work that fits your skills.`,
  };
}
