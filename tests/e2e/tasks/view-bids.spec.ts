import { createTask, expect, placeBid, test, uniqueToken } from './support.ts';

test.describe('view bids', () => {
  test('the owner sees every bid with e-mail, amounts, ids, dates and message', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Bids on ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const first = await accounts.apiUser('first');
    const second = await accounts.apiUser('second');
    const bidId = await placeBid(first.api, baseURL!, taskId, 120, 'I did this before.');
    await placeBid(second.api, baseURL!, taskId, 99.99);

    await page.goto('/my-tasks');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: /^View Bids/ })
      .click();
    await expect(page).toHaveURL(`/view-bids/${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Bids for: ${title}` })).toBeVisible();
    await expect(page.getByText('2 bid(s) placed')).toBeVisible();

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    const one = cards.filter({ hasText: first.user.name });
    await expect(one).toContainText(first.user.email);
    await expect(one).toContainText('$120.00');
    await expect(one).toContainText(`Bid ID:${bidId}`);
    await expect(one).toContainText(`Task ID:${taskId}`);
    await expect(one).toContainText('Deadline:May 1, 2030');
    await expect(one).toContainText('Submitted:');
    await expect(one).toContainText('Message:I did this before.');
    const two = cards.filter({ hasText: second.user.name });
    await expect(two).toContainText(second.user.email);
    await expect(two).toContainText('$99.99');
    await expect(two).toContainText('Message:No message provided');

    await page.getByRole('link', { name: 'Back to task' }).click();
    await expect(page).toHaveURL(`/browse-tasks/${taskId}`);
  });

  test('no bids yet', async ({ page, baseURL, accounts }) => {
    await accounts.signInPage('owner');
    const taskId = await createTask(page.request, baseURL!);
    await page.goto(`/view-bids/${taskId}`);
    await expect(page.getByText('0 bid(s) placed')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'No bids have been placed for this task yet.' }),
    ).toBeVisible();
    await expect(page.getByText('Be the first to place a bid!')).toBeVisible();
  });

  test('someone who is not the owner gets a not-your-task screen and no e-mails', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const bidder = await accounts.apiUser('bidder');
    const title = `Private ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title });
    await placeBid(bidder.api, baseURL!, taskId, 50, 'secret message');

    await accounts.signInPage('nosy');
    await page.goto(`/view-bids/${taskId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This is not your task' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Only the person who posted ${title} can see the bids on it.`),
    ).toBeVisible();
    await expect(page.getByText(bidder.user.email)).toHaveCount(0);
    await expect(page.getByText('secret message')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Bids for:/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to task' }).click();
    await expect(page).toHaveURL(`/browse-tasks/${taskId}`);
  });

  test('the heading counts the offers and the bids come a page at a time', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const taskId = await createTask(page.request, baseURL!);
    const bidder = await accounts.apiUser('bidder');
    await placeBid(bidder.api, baseURL!, taskId, 70);
    // The server pages by 30; say there are 65, so the page needs three pages.
    const asked: URLSearchParams[] = [];
    await page.route('**/api/bids?*', async (route) => {
      asked.push(new URL(route.request().url()).searchParams);
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-total-count': '65' } });
    });
    await page.goto(`/view-bids/${taskId}`);
    // The heading counts people's offers (the task's count), not the rows a page lists.
    await expect(page.getByText('1 bid(s) placed')).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Bid pages' });
    await expect(pages.getByRole('link', { name: 'Page 3' })).toBeVisible();
    expect(asked.at(-1)?.get('page')).toBe('1');
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`/view-bids/${taskId}?page=2`);
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('limit')).toBe('30');
  });
});
