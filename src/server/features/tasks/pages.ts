import { CATEGORIES, PAGE_SIZE } from '../../../shared/constants.ts';
import { formatDollars, taskPrice } from '../../../shared/money.ts';
import { BROWSE_HEADING, browsePage, readBrowseTitleQuery } from '../../../shared/pages/browse.ts';
import {
  HOME_DESCRIPTION,
  HOME_HEADING_HIGHLIGHT,
  HOME_HEADING_LEAD,
  HOME_TITLE,
} from '../../../shared/pages/home.ts';
import { SITE_NAME } from '../../../shared/pages/site.ts';
import { TASK_SIGN_IN_PURPOSE } from '../../../shared/pages/task.ts';
import type { Task } from '../../../shared/tasks/schema.ts';
import { taskListQuerySchema } from '../../../shared/tasks/schema.ts';
import { escapeHtml } from '../../platform/web/escape.ts';
import { headingHtml, type PageContext, type PublicPage } from '../../platform/web/pages.ts';
import { fixedSource, type SitemapSource } from '../../platform/web/sitemap.ts';
import { listCacheOf } from './list-cache.ts';
import { browseFilters } from './query.ts';
import { createTaskRepository } from './repository.ts';

/** The browse query's values the first page without JavaScript follows (not `email`). */
const BROWSE_KEYS = [
  'search',
  'category',
  'minPrice',
  'maxPrice',
  'location',
  'skills',
  'status',
  'sort',
  'page',
];

/** The home page's first tasks: as its Featured Tasks, the open ones due soonest. */
const FEATURED_QUERY = new URLSearchParams({ sort: 'deadline' });
const FEATURED_COUNT = 6;

/** The query as the API reads it; a value it refuses is left out rather than failing the page. */
function browseQuery(query: URLSearchParams, size: number) {
  const limit = String(size);
  const values = Object.fromEntries(
    BROWSE_KEYS.flatMap((k) => (query.has(k) ? [[k, query.get(k)]] : [])),
  );
  const whole = taskListQuerySchema.safeParse({ ...values, limit });
  if (whole.success) return whole.data;
  const { search, category } = readBrowseTitleQuery(query);
  const named = taskListQuerySchema.safeParse({ search, category, limit });
  return named.success ? named.data : taskListQuerySchema.parse({ limit });
}

/** The first tasks of a browse query, kept beside the API's lists (same events clear them). */
async function firstTasks(
  { app, request }: PageContext,
  query: URLSearchParams,
  size: number = PAGE_SIZE,
) {
  const q = browseQuery(query, size);
  // Without a status, a reader without JavaScript is shown what they can still bid on.
  const filters = browseFilters(q, { stage: q.status ?? 'open' });
  const answer = await listCacheOf(app).get(
    `page ${JSON.stringify([filters, q.page])}`,
    async () => {
      const page = await createTaskRepository(request.readDb()).list(
        filters,
        q.page,
        q.limit,
        null,
      );
      return { body: JSON.stringify(page.items) };
    },
  );
  return { tasks: JSON.parse(answer.body) as Task[], page: q.page };
}

function taskItem(task: Task): string {
  const price = taskPrice(task);
  const budget = price === null ? 'Open budget' : formatDollars(price);
  const href = `/browse-tasks/${encodeURIComponent(task._id)}`;
  return (
    `<li><a href="${escapeHtml(href)}">${escapeHtml(task.title)}</a>` +
    ` · ${escapeHtml(budget)} · ${escapeHtml(task.category)}</li>`
  );
}

/** `/browse-tasks` with its search and category (and page after the first): its one address. */
function browseAddress(search: string, category: string, page = 1): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `/browse-tasks?${text}` : '/browse-tasks';
}

const taskList = (tasks: Task[]) =>
  tasks.length
    ? `<ul>${tasks.map(taskItem).join('')}</ul>`
    : '<p>No tasks match this search yet.</p>';

/** Home, without JavaScript: its heading, its line, and its first tasks. */
const home: PublicPage = {
  path: '/',
  async render(context) {
    const { tasks } = await firstTasks(context, FEATURED_QUERY, FEATURED_COUNT);
    return {
      head: { title: HOME_TITLE, description: HOME_DESCRIPTION, canonical: '/' },
      noscript:
        headingHtml(`${HOME_HEADING_LEAD} ${HOME_HEADING_HIGHLIGHT}`, HOME_DESCRIPTION) +
        taskList(tasks) +
        '<p><a href="/browse-tasks">Browse Tasks</a></p>',
    };
  },
};

const browse: PublicPage = {
  path: '/browse-tasks',
  async render(context) {
    const named = readBrowseTitleQuery(context.query);
    const { tasks, page } = await firstTasks(context, context.query);
    return {
      head: { ...browsePage(named), canonical: browseAddress(named.search, named.category, page) },
      noscript: headingHtml(BROWSE_HEADING.heading, BROWSE_HEADING.intro) + taskList(tasks),
    };
  },
};

/**
 * A task's page is for signed-in members: kept out of search results, and it says so, in its
 * description and to a reader without JavaScript, in the words of the sign-in screen the app
 * sends a signed-out visitor to.
 */
const task: PublicPage = {
  path: '/browse-tasks/:id',
  render: () => ({
    head: {
      title: SITE_NAME,
      description: `Sign in to TaskBid to ${TASK_SIGN_IN_PURPOSE}.`,
      noindex: true,
    },
    noscript:
      `<h1>${escapeHtml(`Sign in to ${TASK_SIGN_IN_PURPOSE}`)}</h1>` +
      '<p>Tasks are for signed-in members. <a href="/login">Login</a> or ' +
      '<a href="/signup">create an account</a>.</p>',
  }),
};

export const taskPages: readonly PublicPage[] = [home, browse, task];

/** Browse, and browse by each category. */
export const taskSitemap: readonly SitemapSource[] = [
  fixedSource('browse', [
    browseAddress('', ''),
    ...CATEGORIES.map((category) => browseAddress('', category)),
  ]),
];
