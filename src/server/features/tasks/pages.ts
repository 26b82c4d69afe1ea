import { CATEGORIES, PAGE_SIZE } from '../../../shared/constants.ts';
import { formatDollars, taskPrice } from '../../../shared/money.ts';
import { BROWSE_HEADING, browsePage, readBrowseTitleQuery } from '../../../shared/pages/browse.ts';
import { SITE_NAME } from '../../../shared/pages/site.ts';
import type { Task } from '../../../shared/tasks/schema.ts';
import { taskListQuerySchema } from '../../../shared/tasks/schema.ts';
import { escapeHtml } from '../../platform/web/escape.ts';
import type { PageContext, PublicPage } from '../../platform/web/pages.ts';
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

/** The query as the API reads it; a value it refuses is left out rather than failing the page. */
function browseQuery(query: URLSearchParams) {
  const values = Object.fromEntries(
    BROWSE_KEYS.flatMap((k) => (query.has(k) ? [[k, query.get(k)]] : [])),
  );
  const whole = taskListQuerySchema.safeParse({ ...values, limit: String(PAGE_SIZE) });
  if (whole.success) return whole.data;
  const { search, category } = readBrowseTitleQuery(query);
  const named = taskListQuerySchema.safeParse({ search, category, limit: String(PAGE_SIZE) });
  return named.success ? named.data : taskListQuerySchema.parse({ limit: String(PAGE_SIZE) });
}

/** The first tasks of a browse query, kept beside the API's lists (same events clear them). */
async function firstTasks({ app, request, query }: PageContext) {
  const q = browseQuery(query);
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

const browse: PublicPage = {
  path: '/browse-tasks',
  async render(context) {
    const named = readBrowseTitleQuery(context.query);
    const { tasks, page } = await firstTasks(context);
    const list = tasks.length
      ? `<ul>${tasks.map(taskItem).join('')}</ul>`
      : '<p>No tasks match this search yet.</p>';
    return {
      head: { ...browsePage(named), canonical: browseAddress(named.search, named.category, page) },
      noscript:
        `<h1>${escapeHtml(BROWSE_HEADING.heading)}</h1>` +
        `<p>${escapeHtml(BROWSE_HEADING.intro)}</p>${list}`,
    };
  },
};

/** A task's page is for signed-in members: kept out of search results. */
const task: PublicPage = {
  path: '/browse-tasks/:id',
  render: () => ({
    head: {
      title: SITE_NAME,
      description: 'Sign in to TaskBid to read this task, ask a question and make an offer.',
      noindex: true,
    },
  }),
};

export const taskPages: readonly PublicPage[] = [browse, task];

/** Browse, and browse by each category. */
export const taskSitemap: readonly SitemapSource[] = [
  fixedSource('browse', [
    browseAddress('', ''),
    ...CATEGORIES.map((category) => browseAddress('', category)),
  ]),
];
