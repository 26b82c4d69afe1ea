import { accountButton } from '../support/test.ts';
import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';

test.describe('my bids', () => {
  test('lists my bids with their task, amount and state, linked from the profile menu', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('bidder');
    const owner = await accounts.apiUser('owner');
    const rival = await accounts.apiUser('rival');
    const won = `Won ${uniqueToken()}`;
    const lost = `Lost ${uniqueToken()}`;
    const waiting = `Waiting ${uniqueToken()}`;
    const wonTask = await createTask(owner.api, baseURL!, { title: won });
    const lostTask = await createTask(owner.api, baseURL!, { title: lost });
    const waitingTask = await createTask(owner.api, baseURL!, { title: waiting });
    const wonBid = await placeBid(page.request, baseURL!, wonTask, 101);
    await placeBid(page.request, baseURL!, lostTask, 202);
    await placeBid(page.request, baseURL!, waitingTask, 303);
    const rivalBid = await placeBid(rival.api, baseURL!, lostTask, 150);
    for (const bid of [wonBid, rivalBid]) {
      const response = await owner.api.post(`/api/bids/${bid}/accept`, {
        headers: { origin: baseURL! },
      });
      expect(response.status()).toBe(200);
    }

    await page.goto('/');
    await accountButton(page).click();
    await page.getByRole('link', { name: 'My Bids' }).click();
    await expect(page).toHaveURL('/my-bids');
    await expect(page.getByRole('heading', { level: 1, name: 'My Bids' })).toBeVisible();

    const rows = page.getByRole('table', { name: 'My bids' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    const wonRow = rows.filter({ hasText: won });
    await expect(wonRow).toContainText('$101.00');
    await expect(wonRow).toContainText('May 1, 2030');
    await expect(wonRow.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(wonRow.getByText('In Progress', { exact: true })).toHaveClass(/badge-info/);
    await expect(
      rows.filter({ hasText: lost }).getByText('Declined', { exact: true }),
    ).toBeVisible();
    await expect(
      rows.filter({ hasText: waiting }).getByText('Pending', { exact: true }),
    ).toBeVisible();

    await wonRow.getByRole('link', { name: won }).click();
    await expect(page).toHaveURL(`/browse-tasks/${wonTask}`);
  });

  test('phones get cards; someone without bids gets the empty state', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await accounts.signInPage('newcomer');
    await page.goto('/my-bids');
    await expect(
      page.getByRole('heading', { name: 'You have not placed any bids yet.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Browse Tasks' }).last().click();
    await expect(page).toHaveURL(/\/browse-tasks/);

    const owner = await accounts.apiUser('owner');
    const title = `Card ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title });
    await placeBid(page.request, baseURL!, taskId, 55);
    await page.goto('/my-bids');
    const cards = page.getByRole('list', { name: 'My bids' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(title);
    await expect(cards.first()).toContainText('$55.00');
    await expect(cards.first().getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'My bids' })).toBeHidden();
  });

  test('more than 20 bids are paged', async ({ page, baseURL, accounts }) => {
    await accounts.signInPage('busy');
    const owner = await accounts.apiUser('owner');
    for (let i = 0; i < 21; i += 1) {
      const taskId = await createTask(owner.api, baseURL!, {
        title: `Paged ${i} ${uniqueToken()}`,
      });
      await placeBid(page.request, baseURL!, taskId, 10 + i);
    }
    await page.goto('/my-bids');
    const rows = page.getByRole('table', { name: 'My bids' }).getByRole('row');
    await expect(rows).toHaveCount(21);
    await page
      .getByRole('navigation', { name: 'My bids pages' })
      .getByRole('link', { name: 'Next' })
      .click();
    await expect(page).toHaveURL('/my-bids?page=2');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('$10.00');
  });
});
