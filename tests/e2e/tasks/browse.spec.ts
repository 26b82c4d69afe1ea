import type { Page } from '@playwright/test';
import { holdAppScripts } from '../support/page-load.ts';
import { createTask, expect, placeBid, test, uniqueToken, type ApiUser } from './support.ts';

/** The titles of the cards on the page, in order. */
function cardTitles(page: Page) {
  return page.getByRole('region', { name: 'Tasks' }).getByRole('article').getByRole('heading');
}

const counter = (page: Page) => page.getByText(/^Showing \d+ of \d+$/);

test.describe('browse tasks', () => {
  let owner: ApiUser;
  let token: string;
  const names = (t: string) => ({ a: `Alpha ${t}`, b: `Beta ${t}`, c: `Gamma ${t}` });

  test.beforeAll(async ({ workerAccounts }) => {
    const baseURL = process.env.E2E_BASE_URL!;
    owner = await workerAccounts.apiUser('browse');
    token = uniqueToken('brw');
    const n = names(token);
    // Created in this order: A is the oldest, C the newest.
    await createTask(owner.api, baseURL, {
      title: n.a,
      description: 'Plain work.',
      category: 'Design',
      budget: 100,
      location: 'Lisbon',
    });
    await createTask(owner.api, baseURL, {
      title: n.b,
      description: 'Needs React and SEO experience.',
      category: 'Writing',
      budget: 300,
      location: 'Berlin',
    });
    await createTask(owner.api, baseURL, {
      title: n.c,
      description: 'Figma screens.',
      category: 'Design',
      budget: 200,
      location: 'Lisbon, Portugal',
    });
  });

  test('hero, search with clear button, and the card contents', async ({ page }) => {
    const n = names(token);
    await page.goto('/browse-tasks');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb).toContainText('Browse Tasks');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
    ).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search tasks' });
    await search.fill(token.toUpperCase()); // case-insensitive
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${token.toUpperCase()}`));
    await expect(cardTitles(page)).toHaveText([n.c, n.b, n.a]);
    await expect(counter(page)).toHaveText('Showing 3 of 3');

    // Matches the description too.
    await search.fill(`React and SEO`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=React/);
    await expect(cardTitles(page).filter({ hasText: n.b })).toHaveCount(1);
    await expect(cardTitles(page).filter({ hasText: n.a })).toHaveCount(0);

    await search.fill(n.a);
    await search.press('Enter');
    await expect(cardTitles(page)).toHaveText([n.a]);
    const card = page.getByRole('article').filter({ hasText: n.a });
    await expect(card).toContainText('Budget:$100.00');
    await expect(card).toContainText('Deadline:Jun 30, 2030');
    await expect(card).toContainText('Location:Lisbon');
    await expect(card).toContainText('Plain work.');
    await expect(card).toContainText('Design');
    await expect(card.getByText('Not Started')).toBeVisible();
    // A poster without published reviews is "New", never a made-up number.
    await expect(card.getByText(/^Rating New$/)).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page).toHaveURL(/\/browse-tasks$/);

    await page.goto(`/browse-tasks?search=${encodeURIComponent(n.a)}`);
    await card.getByRole('link', { name: /^View Details/ }).click();
    await expect(page).toHaveURL(/\/login$/); // the detail page is protected
  });

  test('a term typed before the app has started is the one searched', async ({ page }) => {
    const release = await holdAppScripts(page);
    await page.goto('/browse-tasks', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search tasks' });
    await search.fill(token);
    release();
    // The press waits for the app (a written screen's buttons do): the app searches the term.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${token}`));
    await expect(counter(page)).toHaveText('Showing 3 of 3');
    await expect(search).toHaveValue(token);
  });

  test('status colours: an urgent task is flagged red; other statuses are neutral', async ({
    page,
    baseURL,
  }) => {
    const urgent = uniqueToken('urg');
    await createTask(owner.api, baseURL!, {
      title: `Urgent ${urgent}`,
      priority: 'Urgent',
      location: '',
    });
    await page.goto(`/browse-tasks?search=${urgent}`);
    const card = page.getByRole('article').filter({ hasText: `Urgent ${urgent}` });
    await expect(card.getByText('Urgent', { exact: true })).toHaveClass(/badge-error/);
    await expect(card.getByText('Not Started', { exact: true })).toHaveClass(/badge-neutral/);
    await expect(card).toContainText('Location:Remote');
  });

  test('each filter, Reset Filters, and Back', async ({ page }) => {
    const n = names(token);
    await page.goto(`/browse-tasks?search=${token}`);
    await expect(cardTitles(page)).toHaveCount(3);
    const toggle = page.getByRole('button', { name: 'Show Filters' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const category = page.getByLabel('Category');
    await expect(category.getByRole('option', { name: 'All Categories' })).toHaveCount(1);
    await category.selectOption('Design');
    await expect(page).toHaveURL(/category=Design/);
    await expect(cardTitles(page)).toHaveText([n.c, n.a]);
    await category.selectOption('');
    await expect(cardTitles(page)).toHaveCount(3);

    await page.getByLabel('Minimum price').fill('150');
    await page.getByLabel('Maximum price').fill('250');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/minPrice=150&maxPrice=250/);
    await expect(cardTitles(page)).toHaveText([n.c]);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/browse-tasks$/);
    await expect(page.getByLabel('Minimum price')).toHaveValue('');

    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(token);
    await page.getByLabel('Location').fill('LISBON');
    await page.getByLabel('Location').press('Enter');
    await expect(cardTitles(page)).toHaveText([n.c, n.a]);

    await page.getByLabel('Location').fill('');
    await page.getByLabel('Required Skills').fill('react, seo');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/skills=react%2C\+?seo/);
    await expect(cardTitles(page)).toHaveText([n.b]);

    // Back returns to the location filter, fields and results alike.
    await page.goBack();
    await expect(page.getByLabel('Location')).toHaveValue('LISBON');
    await expect(page.getByLabel('Required Skills')).toHaveValue('');
    await expect(cardTitles(page)).toHaveText([n.c, n.a]);

    await page.getByLabel('Required Skills').fill('cobol');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('heading', { name: 'No tasks found' })).toBeVisible();
    await expect(counter(page)).toHaveText('Showing 0 of 0');
    await page.getByRole('button', { name: 'Reset All Filters' }).click();
    await expect(page).toHaveURL(/\/browse-tasks$/);
    await expect(page.getByRole('heading', { name: 'No tasks found' })).toBeHidden();

    await page.getByRole('button', { name: 'Hide Filters' }).click();
    await expect(page.getByLabel('Location')).toBeHidden();
  });

  test('each sort order', async ({ page }) => {
    const n = names(token);
    await page.goto(`/browse-tasks?search=${token}`);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const sort = page.getByLabel('Sort By');
    await expect(sort.getByRole('option')).toHaveText([
      'Newest First',
      'Oldest First',
      'Price: Low to High',
      'Price: High to Low',
      'Due Soonest',
    ]);
    await expect(cardTitles(page)).toHaveText([n.c, n.b, n.a]);
    await sort.selectOption({ label: 'Oldest First' });
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(cardTitles(page)).toHaveText([n.a, n.b, n.c]);
    await sort.selectOption({ label: 'Price: Low to High' });
    await expect(cardTitles(page)).toHaveText([n.a, n.c, n.b]);
    await sort.selectOption({ label: 'Price: High to Low' });
    await expect(cardTitles(page)).toHaveText([n.b, n.c, n.a]);
    await sort.selectOption({ label: 'Newest First' });
    await expect(page).not.toHaveURL(/sort=/);
    await expect(cardTitles(page)).toHaveText([n.c, n.b, n.a]);
  });

  test('Due Soonest: upcoming deadlines, nearest first', async ({ page, baseURL }) => {
    const due = uniqueToken('due');
    const inDays = (days: number) =>
      new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (const [name, days] of [
      ['Later', 40],
      ['Soon', 3],
      ['Middle', 12],
    ] as const) {
      await createTask(owner.api, baseURL!, { title: `${name} ${due}`, deadline: inDays(days) });
    }
    await page.goto(`/browse-tasks?search=${due}`);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByLabel('Sort By').selectOption({ label: 'Due Soonest' });
    await expect(page).toHaveURL(/sort=deadline/);
    await expect(cardTitles(page)).toHaveText([`Soon ${due}`, `Middle ${due}`, `Later ${due}`]);
  });

  test('status filter: All, Open for offers, Assigned, Completed, kept in the URL', async ({
    page,
    baseURL,
    workerAccounts,
  }) => {
    const stage = uniqueToken('stg');
    await createTask(owner.api, baseURL!, { title: `Open ${stage}` });
    const hired = await createTask(owner.api, baseURL!, { title: `Hired ${stage}` });
    const worker = await workerAccounts.apiUser('stage-worker');
    const bidId = await placeBid(worker.api, baseURL!, hired, 50);
    const accepted = await owner.api.post(`/api/bids/${bidId}/accept`, {
      headers: { origin: baseURL! },
    });
    expect(accepted.ok()).toBe(true);

    await page.goto(`/browse-tasks?search=${stage}`);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    const status = page.getByLabel('Status');
    await expect(status.getByRole('option')).toHaveText([
      'All',
      'Open for offers',
      'Assigned',
      'Completed',
    ]);
    await expect(status).toHaveValue('');
    await expect(cardTitles(page)).toHaveText([`Hired ${stage}`, `Open ${stage}`]);
    await status.selectOption({ label: 'Open for offers' });
    await expect(page).toHaveURL(/status=open/);
    await expect(cardTitles(page)).toHaveText([`Open ${stage}`]);
    await status.selectOption({ label: 'Assigned' });
    await expect(cardTitles(page)).toHaveText([`Hired ${stage}`]);
    await status.selectOption({ label: 'Completed' });
    await expect(page.getByRole('heading', { name: 'No tasks found' })).toBeVisible();

    // A shared link opens the same view; Back returns to the previous one.
    await page.goto(`/browse-tasks?search=${stage}&status=assigned`);
    await expect(cardTitles(page)).toHaveText([`Hired ${stage}`]);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'No tasks found' })).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`chips name each applied filter while the panel is closed; × removes one at once (${width} px)`, async ({
      page,
    }) => {
      const n = names(token);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(
        `/browse-tasks?search=${token}&category=Design&minPrice=150&location=lisbon&status=open&sort=priceLow`,
      );
      // Opened with filters, the panel shows them; closed, the chips do.
      await page.getByRole('button', { name: 'Hide Filters' }).click();
      const chips = page.getByRole('list', { name: 'Applied filters' });
      await expect(chips.getByRole('listitem')).toHaveText([
        'Category: Design',
        'Status: Open for offers',
        'Price: from $150',
        'Location: lisbon',
        'Sort: Price: Low to High',
      ]);
      await expect(cardTitles(page)).toHaveText([n.c]);

      await chips.getByRole('button', { name: 'Remove Price: from $150' }).click();
      await expect(page).not.toHaveURL(/minPrice/);
      await expect(page).toHaveURL(/category=Design/);
      await expect(cardTitles(page)).toHaveText([n.a, n.c]);
      await expect(chips.getByRole('listitem')).toHaveCount(4);

      await chips.getByRole('button', { name: 'Remove Category: Design' }).click();
      await chips.getByRole('button', { name: 'Remove Location: lisbon' }).click();
      await chips.getByRole('button', { name: 'Remove Sort: Price: Low to High' }).click();
      await chips.getByRole('button', { name: 'Remove Status: Open for offers' }).click();
      await expect(page).toHaveURL(new RegExp(`/browse-tasks\\?search=${token}$`));
      await expect(chips).toHaveCount(0);
      await expect(cardTitles(page)).toHaveText([n.c, n.b, n.a]);

      // With the panel open there are no chips: the fields say it.
      await page.goto(`/browse-tasks?search=${token}&category=Design`);
      await expect(page.getByRole('button', { name: 'Hide Filters' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Applied filters' })).toHaveCount(0);
    });
  }

  test('12 per page, numbered pages, Next, Previous and Back', async ({ page, baseURL }) => {
    const many = uniqueToken('page');
    for (let i = 1; i <= 13; i += 1) {
      await createTask(owner.api, baseURL!, {
        title: `Paged ${String(i).padStart(2, '0')} ${many}`,
        budget: i,
      });
    }
    await page.goto(`/browse-tasks?search=${many}&sort=priceLow`);
    await expect(counter(page)).toHaveText('Showing 12 of 13');
    await expect(cardTitles(page)).toHaveCount(12);
    await expect(cardTitles(page).first()).toHaveText(`Paged 01 ${many}`);
    const pages = page.getByRole('navigation', { name: 'Task pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(counter(page)).toHaveText('Showing 1 of 13');
    await expect(cardTitles(page)).toHaveText([`Paged 13 ${many}`]);
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(counter(page)).toHaveText('Showing 12 of 13');

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(counter(page)).toHaveText('Showing 1 of 13');
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(cardTitles(page).first()).toHaveText(`Paged 01 ${many}`);
  });

  test('a page past the end says how many pages there are and links to the last', async ({
    page,
  }) => {
    await page.goto(`/browse-tasks?search=${token}&page=99`);
    const results = page.getByRole('region', { name: 'Tasks' });
    await expect(results.getByText('Page 99 is past the end: there is 1 page.')).toBeVisible();
    await expect(results.getByText('Try other words or fewer filters.')).toHaveCount(0);
    await results.getByRole('link', { name: 'Go to page 1' }).click();
    await expect(page).toHaveURL(new RegExp(`search=${token}`));
    await expect(page).not.toHaveURL(/page=99/);
    await expect(counter(page)).toHaveText('Showing 3 of 3');
  });

  test('a total the server stopped counting reads "1,000+" and keeps its pages', async ({
    page,
    baseURL,
  }) => {
    const many = uniqueToken('bound');
    for (let i = 1; i <= 13; i += 1) {
      await createTask(owner.api, baseURL!, { title: `Bounded ${i} ${many}`, budget: i });
    }
    // Past 1,000 matches the server counts only that far and says so.
    await page.route('**/api/tasks?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'x-total-count': '1000',
          'x-total-count-exact': 'false',
        },
      });
    });
    await page.goto(`/browse-tasks?search=${many}&sort=priceLow`);
    await expect(page.getByText('Showing 12 of 1,000+')).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Task pages' });
    await expect(pages.getByRole('link', { name: 'Page 84' })).toBeVisible();
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cardTitles(page)).toHaveText([`Bounded 13 ${many}`]);
  });
});
