import { CATEGORIES } from '../constants.ts';

/**
 * What each public screen is called and how it describes itself: the browser's tab title
 * (the client's `<title>`) and the head the server writes into the page for search engines
 * and link previews (platform/web). One table, so both sides always say the same thing.
 */

export const SITE_NAME = 'TaskBid';

/** A screen's tab title: its own name, then the site's. */
export const pageTitle = (name: string) => `${name} · ${SITE_NAME}`;

export interface PageText {
  /** The tab title, whole. */
  title: string;
  /** One or two sentences for a search result or a link preview. */
  description: string;
}

/** A content page's heading and the sentence under it (also its description). */
export interface ContentPageText extends PageText {
  heading: string;
  intro: string;
}

function contentPage(heading: string, intro: string): ContentPageText {
  return { heading, intro, title: pageTitle(heading), description: intro };
}

/** The screens whose text never changes, by path. */
export const PAGES = {
  home: {
    title: `${SITE_NAME} · Get tasks done by skilled professionals`,
    description:
      'Post what you need, compare bids from freelancers worldwide, and pick the right person for the job. Or browse open tasks and bid on work that fits your skills.',
  },
  howItWorks: contentPage(
    'How It Works',
    "TaskBid connects people who need something done with skilled professionals who can do it. Here is a task's way from posting to reviews.",
  ),
  pricing: contentPage(
    'Pricing',
    'TaskBid is free to use. Posting tasks and placing bids cost nothing.',
  ),
  privacy: contentPage(
    'Privacy Policy',
    'What TaskBid stores about you, who can see it, how long it is kept, and how you download or delete it yourself.',
  ),
  terms: contentPage(
    'Terms of Service',
    'The rules that keep TaskBid fair and useful for everyone.',
  ),
  cookies: contentPage(
    'Cookies Policy',
    'TaskBid uses one cookie and two small local settings. No advertising or tracking cookies.',
  ),
  // A sign-in screen's description is the line under its heading.
  login: {
    title: pageTitle('Login'),
    description: 'Sign in to post tasks, place bids and manage your work.',
  },
  signup: {
    title: pageTitle('Sign Up'),
    description: 'Join TaskBid to post tasks and bid on work worldwide.',
  },
  notFound: {
    title: pageTitle('Page Not Found'),
    description: "The page you're looking for doesn't exist or has been moved.",
  },
} as const satisfies Record<string, PageText>;

/** The home page's heading, as the hero shows it (its last words are highlighted there). */
export const HOME_HEADING = {
  lead: 'Get your tasks done by',
  highlight: 'skilled professionals',
} as const;

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

/** A public profile's title and description: the person's name, and their headline. */
export function profilePage({ name, headline }: { name: string; headline: string }): PageText {
  return {
    title: pageTitle(name),
    description: headline.trim()
      ? `${name} on TaskBid: ${headline.trim()}`
      : `${name}’s profile, track record and reviews on TaskBid.`,
  };
}
