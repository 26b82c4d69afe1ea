import type { Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken, type Accounts } from './support.ts';

async function seedMyTasks(page: Page, baseURL: string, accounts: Accounts) {
  await accounts.signInPage('owner');
  const token = uniqueToken();
  const titles = {
    done: `Done ${token}`,
    busy: `Busy ${token}`,
    held: `Held ${token}`,
  };
  await createTask(page.request, baseURL, {
    title: titles.held,
    status: 'On Hold',
    budget: 75,
    category: 'Writing',
  });
  // In Progress means a bid was accepted: another user bids, the owner accepts.
  const busy = await createTask(page.request, baseURL, { title: titles.busy, budget: 1200.5 });
  const bidder = await accounts.apiUser('bidder');
  const bidId = await placeBid(bidder.api, baseURL, busy, 1100);
  const accepted = await page.request.post(`/api/bids/${bidId}/accept`, {
    headers: { origin: baseURL },
  });
  expect(accepted.status()).toBe(200);
  await createTask(page.request, baseURL, {
    title: titles.done,
    status: 'Not Started',
    budget: 40,
  });
  return titles;
}

test.describe('my posted tasks', () => {
  test('cards below md at 375 px', async ({ page, baseURL, accounts }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const titles = await seedMyTasks(page, baseURL!, accounts);
    await page.goto('/my-tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Add New Task' })).toHaveAttribute(
      'href',
      '/add-task',
    );
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByRole('list', { name: 'My tasks' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    const card = cards.filter({ hasText: titles.held });
    await expect(card).toContainText('Writing');
    await expect(card).toContainText('$75.00');
    await expect(card.getByText('On Hold')).toHaveClass(/badge-warning/);
    await expect(cards.filter({ hasText: titles.busy }).getByText('In Progress')).toHaveClass(
      /badge-info/,
    );
    await expect(card.getByRole('link', { name: /^Edit/ })).toHaveAttribute(
      'href',
      /\/update-task\//,
    );
    await expect(card.getByRole('link', { name: /^View Bids/ })).toHaveAttribute(
      'href',
      /\/view-bids\//,
    );
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
    // A first-letter avatar.
    await expect(card).toContainText('H');
  });

  test('compact table at 768 px: Task, Status, Actions', async ({ page, baseURL, accounts }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    const titles = await seedMyTasks(page, baseURL!, accounts);
    await page.goto('/my-tasks');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    await expect(page.getByRole('list', { name: 'My tasks' })).toBeHidden();
    await expect(table.getByRole('columnheader', { name: 'Task' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Category' })).toBeHidden();
    await expect(table.getByRole('columnheader', { name: 'Price' })).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: titles.busy });
    await expect(row.getByRole('link', { name: /^Edit/ })).toBeVisible();
    await expect(row.getByRole('link', { name: /^View Bids/ })).toBeVisible();
    // An assigned task cannot be deleted: no Delete on its row, Delete on an open one.
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: titles.held })
        .getByRole('button', { name: /^Delete/ }),
    ).toBeVisible();
  });

  test('full table at 1280 px: Task, Category, Price, Status, Actions', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const titles = await seedMyTasks(page, baseURL!, accounts);
    await page.goto('/my-tasks');
    const table = page.getByRole('table');
    const headers = table.getByRole('columnheader');
    await expect(headers).toHaveText(['Task', 'Category', 'Price', 'Status', 'Actions']);
    for (const header of await headers.all()) await expect(header).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: titles.busy });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Design');
    await expect(row.getByRole('cell').nth(2)).toHaveText('$1,200.50');
    await expect(row.getByText('In Progress')).toHaveClass(/badge-info/);
  });

  test('each title opens its task; a completed task offers no Edit', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const titles = await seedMyTasks(page, baseURL!, accounts);
    const done = await createTask(page.request, baseURL!, { title: `Finished ${uniqueToken()}` });
    const bidder = await accounts.apiUser('bidder');
    const bidId = await placeBid(bidder.api, baseURL!, done, 30);
    const headers = { origin: baseURL! };
    expect((await page.request.post(`/api/bids/${bidId}/accept`, { headers })).ok()).toBe(true);
    expect((await page.request.post(`/api/tasks/${done}/complete`, { headers })).ok()).toBe(true);
    // The worker confirms: only then is it Completed.
    const confirmed = await bidder.api.post(`/api/tasks/${done}/confirm-completion`, { headers });
    expect(confirmed.ok()).toBe(true);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/my-tasks');
      const finished = page
        .getByRole(width < 768 ? 'article' : 'row')
        .filter({ hasText: 'Finished' });
      await expect(finished.getByText('Completed')).toBeVisible();
      await expect(finished.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
      const held = page.getByRole(width < 768 ? 'article' : 'row').filter({ hasText: titles.held });
      await expect(held.getByRole('link', { name: /^Edit/ })).toBeVisible();
      await held.getByRole('link', { name: titles.held, exact: true }).click();
      await expect(page).toHaveURL(/\/browse-tasks\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: titles.held })).toBeVisible();
    }
  });

  test('each task shows its deadline and bid count; "Leave a review" until it is written', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const titles = await seedMyTasks(page, baseURL!, accounts);
    const done = await createTask(page.request, baseURL!, { title: `Reviewable ${uniqueToken()}` });
    const bidder = await accounts.apiUser('bidder');
    const bidId = await placeBid(bidder.api, baseURL!, done, 30);
    const headers = { origin: baseURL! };
    expect((await page.request.post(`/api/bids/${bidId}/accept`, { headers })).ok()).toBe(true);
    expect((await page.request.post(`/api/tasks/${done}/complete`, { headers })).ok()).toBe(true);
    const confirmed = await bidder.api.post(`/api/tasks/${done}/confirm-completion`, { headers });
    expect(confirmed.ok()).toBe(true);

    const item = (width: number, text: string) =>
      page.getByRole(width < 768 ? 'article' : 'row').filter({ hasText: text });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/my-tasks');
      await expect(item(width, titles.busy)).toContainText('1 bid');
      await expect(item(width, titles.busy)).toContainText('Deadline Jun 30, 2030');
      await expect(item(width, titles.held)).toContainText('No bids yet');
      await expect(
        item(width, 'Reviewable').getByRole('link', { name: /^Leave a review/ }),
      ).toBeVisible();
      // Not on work that is not completed.
      await expect(
        item(width, titles.busy).getByRole('link', { name: /^Leave a review/ }),
      ).toHaveCount(0);
    }

    const review = await page.request.post(`/api/tasks/${done}/reviews`, {
      headers,
      data: { rating: 5, comment: 'Quick and careful work.' },
    });
    expect(review.status()).toBe(201);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/my-tasks');
      await expect(item(width, 'Reviewable')).toContainText('Completed');
      await expect(
        item(width, 'Reviewable').getByRole('link', { name: /^Leave a review/ }),
      ).toHaveCount(0);
    }
  });

  test('empty state links to the create form', async ({ page, accounts }) => {
    await accounts.signInPage('empty');
    await page.goto('/my-tasks');
    await expect(page.getByRole('heading', { name: 'No tasks posted yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Create Your First Task' }).click();
    await expect(page).toHaveURL(/\/add-task$/);
  });

  test('delete: the question, No keeps it, Yes removes it; Deleted! closes itself after 2 s', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Delete me ${uniqueToken()}`;
    await createTask(page.request, baseURL!, { title, budget: 99.5, deadline: '2031-02-03' });
    await page.goto('/my-tasks');
    const row = page.getByRole('row').filter({ hasText: title });
    const deleteButton = row.getByRole('button', { name: /^Delete/ });

    await deleteButton.click();
    const question = page.getByRole('alertdialog', { name: 'Delete this task?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(title);
    await expect(question).toContainText('$99.50');
    await expect(question).toContainText('Feb 3, 2031');
    await expect(question.getByRole('button', { name: 'Yes, delete it!' })).toBeVisible();
    await question.getByRole('button', { name: 'No, keep it' }).click();
    await expect(question).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row).toBeVisible();

    // Escape also closes the question.
    await deleteButton.click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(row).toBeVisible();

    // Timestamps of the Deleted! dialog opening and closing, taken in the page itself.
    await page.evaluate(() => {
      const times: { opened?: number; closed?: number } = {};
      Object.assign(window, { deletedDialogTimes: times });
      new MutationObserver(() => {
        for (const dialog of document.querySelectorAll('dialog')) {
          if (!dialog.textContent?.includes('Deleted!')) continue;
          if (dialog.open && times.opened === undefined) times.opened = performance.now();
          if (!dialog.open && times.opened !== undefined) times.closed ??= performance.now();
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    });
    await deleteButton.click();
    await question.getByRole('button', { name: 'Yes, delete it!' }).click();
    const done = page.getByRole('dialog', { name: 'Deleted!' });
    await expect(done).toBeVisible();
    await expect(done).toContainText(`${title} has been removed.`);
    await expect(row).toHaveCount(0);
    // It closes by itself, about two seconds after it opened.
    await expect(done).toBeHidden({ timeout: 5000 });
    const times = await page.evaluate(
      () =>
        (window as unknown as { deletedDialogTimes: { opened: number; closed: number } })
          .deletedDialogTimes,
    );
    expect(times.closed - times.opened).toBeGreaterThanOrEqual(1950);
    expect(times.closed - times.opened).toBeLessThan(2600);
    await expect(page.getByRole('heading', { name: 'No tasks posted yet' })).toBeVisible();
  });

  test('a failed delete shows the server message', async ({ page, baseURL, accounts }) => {
    await accounts.signInPage('owner');
    const title = `Stays ${uniqueToken()}`;
    await createTask(page.request, baseURL!, { title });
    await page.route('**/api/tasks/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, json: { message: 'The database is busy. Try again.' } })
        : route.fallback(),
    );
    await page.goto('/my-tasks');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    const failed = page.getByRole('dialog', { name: 'Error!' });
    await expect(failed).toContainText('The database is busy. Try again.');
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  });

  test('a failed delete without a message says Failed to delete task', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Stays ${uniqueToken()}`;
    await createTask(page.request, baseURL!, { title });
    await page.route('**/api/tasks/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionfailed') : route.fallback(),
    );
    await page.goto('/my-tasks');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByRole('dialog', { name: 'Error!' })).toContainText(
      'Failed to delete task',
    );
  });
});

test('my tasks shows a spinner while they load', async ({ page, accounts }) => {
  await accounts.signInPage('waiter');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tasks?*', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/my-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your tasks' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { name: 'No tasks posted yet' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your tasks' })).toHaveCount(0);
});

test('more than 20 tasks are paged', async ({ page, baseURL, accounts }) => {
  await accounts.signInPage('prolific');
  const token = uniqueToken();
  for (let i = 0; i < 21; i += 1) {
    await createTask(page.request, baseURL!, { title: `Paged ${i} ${token}` });
  }
  await page.goto('/my-tasks');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(21);
  const pages = page.getByRole('navigation', { name: 'My tasks pages' });
  await expect(pages.getByRole('link', { name: 'Page 2' })).toBeVisible();
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/my-tasks?page=2');
  await expect(rows).toHaveCount(2);
  await expect(pages.getByRole('link', { name: 'Page 1' })).toBeVisible();
});
