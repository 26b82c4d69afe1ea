import { createTask, expect, placeBid, test, uniqueToken, watchRequests } from './support.ts';

test.describe('task detail and bidding', () => {
  test('the discount appears exactly at the third bid; the form resets and the list refreshes', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const title = `Discount ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title, budget: 200 });
    // Two people's offers (the discount counts people: one person bidding twice is one offer).
    for (const [prefix, amount] of [
      ['early', 150],
      ['second', 160],
    ] as const) {
      const other = await accounts.apiUser(prefix);
      await placeBid(other.api, baseURL!, taskId, amount);
    }

    const bidder = await accounts.signInPage('bidder');
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bid History (2)' })).toBeVisible();
    await expect(page.getByText('10% discount applied!')).toHaveCount(0);
    await expect(page.getByText('$200.00')).toBeVisible();
    await expect(page.getByText('Assigned To')).toBeVisible();
    await expect(page.getByText('Open for bidding')).toBeVisible();

    const form = page.getByRole('form', { name: 'Place Your Bid' });
    await form.getByLabel('Your Bid Amount ($)').fill('170.5');
    await form.getByLabel('Completion Deadline').fill('2030-04-01');
    await form.getByLabel('Message').fill('Happy to help.');
    await form.getByRole('button', { name: 'Submit Bid' }).click();

    const dialog = page.getByRole('dialog', { name: 'Success!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Bid submitted successfully!');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    // Now three bids: budget × 0.9 with the original struck through.
    await expect(page.getByRole('heading', { name: 'Bid History (3)' })).toBeVisible();
    await expect(page.getByText('10% discount applied!')).toBeVisible();
    await expect(page.getByText('$180.00')).toBeVisible();
    await expect(page.locator('del')).toContainText('$200.00');
    const history = page.getByRole('region', { name: 'Bid History (3)' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    const third = history.getByRole('listitem').nth(2);
    await expect(third).toContainText(bidder.name);
    await expect(third).toContainText('Bid #3');
    await expect(third).toContainText('$170.50');
    await expect(third).toContainText('Deadline: Apr 1, 2030');
    await expect(third).toContainText('Submitted');
    // The form starts over.
    await expect(form.getByLabel('Your Bid Amount ($)')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('a bid of 0.5 is stopped by the browser and never reaches the server', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const taskId = await createTask(owner.api, baseURL!);
    await accounts.signInPage('bidder');
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByText('No bids have been placed yet')).toBeVisible();

    const posts = watchRequests(page, 'POST', '/api/bids');
    const amount = page.getByLabel('Your Bid Amount ($)');
    await amount.fill('0.5');
    await page.getByLabel('Completion Deadline').fill('2030-04-01');
    await page.getByRole('button', { name: 'Submit Bid' }).click();

    expect(await amount.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
    await expect(amount).toBeFocused();
    // Give a stray request every chance to show up before checking.
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Bid History (0)' })).toBeVisible();
  });

  test('a failed bid is shown', async ({ page, baseURL, accounts }) => {
    const owner = await accounts.apiUser('owner');
    const title = `Vanishing ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title });
    await accounts.signInPage('bidder');
    // The deletion's live event must not beat the click (an open page would then show
    // that the task is gone): the page gets no event stream here.
    await page.route('**/api/tasks/*/events', (route) => route.abort());
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The task disappears between loading the page and bidding.
    const removed = await owner.api.delete(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL! },
    });
    expect(removed.status()).toBe(200);
    await page.getByLabel('Your Bid Amount ($)').fill('20');
    await page.getByLabel('Completion Deadline').fill('2030-04-01');
    await page.getByRole('button', { name: 'Submit Bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error!' });
    await expect(dialog).toContainText('Task not found');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the bid history shows more a page at a time until every bid is there', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const taskId = await createTask(owner.api, baseURL!);
    const bidder = await accounts.apiUser('bidder');
    await placeBid(bidder.api, baseURL!, taskId, 70);
    await accounts.signInPage('viewer');
    // The history loads 50 bids a page; say there are 120, so it needs three.
    const asked: URLSearchParams[] = [];
    await page.route('**/api/bids?*', async (route) => {
      asked.push(new URL(route.request().url()).searchParams);
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-total-count': '120' } });
    });
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { name: 'Bid History (120)' })).toBeVisible();
    expect(asked.map((q) => [q.get('page'), q.get('limit')])).toEqual([['1', '50']]);
    await page.getByRole('link', { name: /Show more/ }).click();
    await expect(page).toHaveURL(`/browse-tasks/${taskId}?bids=2`);
    await expect.poll(() => asked.map((q) => q.get('page'))).toEqual(['1', '1', '2']);
    await page.getByRole('link', { name: /Show more/ }).click();
    await expect(page).toHaveURL(`/browse-tasks/${taskId}?bids=3`);
    await expect.poll(() => asked.slice(3).map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    // All three pages are there: no more to show.
    await expect(page.getByRole('link', { name: /Show more/ })).toHaveCount(0);
  });

  test('on my own task the form is replaced by a note and a link to its bids', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Mine ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Place Your Bid' })).toHaveCount(0);
    await expect(page.getByText('You cannot bid on your own task.')).toBeVisible();
    await page.getByRole('link', { name: 'View Bids' }).click();
    await expect(page).toHaveURL(`/view-bids/${taskId}`);
  });

  test('Back to Tasks leads to the browse list; signed-out visitors go to login', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const taskId = await createTask(owner.api, baseURL!);
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page).toHaveURL(/\/login$/);

    await accounts.signInPage('viewer');
    await page.goto(`/browse-tasks/${taskId}`);
    await page.getByRole('link', { name: 'Back to Tasks' }).click();
    await expect(page).toHaveURL(/\/browse-tasks$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
    ).toBeVisible();
  });
});
