import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';

test.describe('live updates', () => {
  // Nothing on these screens polls: what appears without a reload came by the event stream.
  // How soon it comes (within a second at p99, to 5,000 streams) is `bench:streams`' figure;
  // a time limit here would measure how busy the machine running the browsers is.
  test('a bid placed through the API appears on an open detail page', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const taskId = await createTask(owner.api, baseURL!);
    await accounts.signInPage('watcher');
    const stream = page.waitForResponse(`**/api/tasks/${taskId}/events`);
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { name: 'Bid History (0)' })).toBeVisible();
    await stream;

    const bidder = await accounts.apiUser('bidder');
    await placeBid(bidder.api, baseURL!, taskId, 42);
    await expect(page.getByRole('heading', { name: 'Bid History (1)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bid History (1)' })).toContainText(
      bidder.user.name,
    );
  });

  test('view-bids shows a new bid and an acceptance from another tab without reload', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const taskId = await createTask(page.request, baseURL!);
    const stream = page.waitForResponse(`**/api/tasks/${taskId}/events`);
    await page.goto(`/view-bids/${taskId}`);
    await expect(page.getByText('0 bid(s) placed')).toBeVisible();
    await stream;

    const bidder = await accounts.apiUser('bidder');
    const bidId = await placeBid(bidder.api, baseURL!, taskId, 42);
    await expect(page.getByText('1 bid(s) placed')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: bidder.user.name });
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

    const accepted = await page.request.post(`/api/bids/${bidId}/accept`, {
      headers: { origin: baseURL! },
    });
    expect(accepted.status()).toBe(200);
    await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  });

  test('the bell counts a new bid live, a click marks one read, mark all clears it', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Bell ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const stream = page.waitForResponse('**/api/me/events');
    await page.goto('/my-tasks');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await stream;

    const first = await accounts.apiUser('first');
    const second = await accounts.apiUser('second');
    await placeBid(first.api, baseURL!, taskId, 10);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await placeBid(second.api, baseURL!, taskId, 12);
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await bell.click();
    const list = page.getByRole('list', { name: 'Recent notifications' });
    const items = list.getByRole('link');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`New bid on “${title}”`);
    await expect(items.first()).toContainText(`${second.user.name} offered $12.00.`);
    await items.first().click();
    await expect(page).toHaveURL(`/view-bids/${taskId}`);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    await bell.click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
