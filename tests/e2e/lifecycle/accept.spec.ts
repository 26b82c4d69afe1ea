import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';

test.describe('accept a bid', () => {
  test('confirm dialog, then the task is assigned, the other bid declined and bidding closed', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Accept ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const first = await accounts.apiUser('first');
    const second = await accounts.apiUser('second');
    await placeBid(first.api, baseURL!, taskId, 120);
    await placeBid(second.api, baseURL!, taskId, 99.99);

    await page.goto(`/view-bids/${taskId}`);
    await expect(page.getByText('Open for bidding')).toBeVisible();
    const firstCard = page.getByRole('article').filter({ hasText: first.user.name });
    const secondCard = page.getByRole('article').filter({ hasText: second.user.name });
    await expect(firstCard.getByText('Pending', { exact: true })).toBeVisible();
    await firstCard.getByRole('button', { name: 'Accept', exact: true }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Accept this bid?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Bidder${first.user.name}`);
    await expect(dialog).toContainText('Amount$120.00');
    await expect(dialog).toContainText('DeadlineMay 1, 2030');
    await dialog.getByRole('button', { name: 'Yes, accept it' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText(`Assigned to ${first.user.name}`)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Assignment' }).getByText('In Progress'),
    ).toBeVisible();
    await expect(firstCard.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(secondCard.getByText('Declined', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // Someone else opening the task sees who does it and no bid form.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    await accounts.signInPage('visitor', visitor);
    await visitor.goto(`/browse-tasks/${taskId}`);
    await expect(visitor.getByRole('article')).toContainText(`Assigned To${first.user.name}`);
    await expect(visitor.getByText('Bidding is closed for this task.')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Place Your Bid' })).toHaveCount(0);
    const history = visitor.getByRole('region', { name: 'Bid History (2)' });
    await expect(history.getByText('Accepted', { exact: true })).toHaveCount(1);
    await expect(history.getByText('Declined', { exact: true })).toHaveCount(1);
    await context.close();
  });

  test('a second accept from a stale tab gets the 409 message in the dialog', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const taskId = await createTask(page.request, baseURL!);
    const first = await accounts.apiUser('first');
    const second = await accounts.apiUser('second');
    const firstBid = await placeBid(first.api, baseURL!, taskId, 120);
    await placeBid(second.api, baseURL!, taskId, 80);

    await page.goto(`/view-bids/${taskId}`);
    const secondCard = page.getByRole('article').filter({ hasText: second.user.name });
    await secondCard.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Accept this bid?' });
    await expect(dialog).toContainText(second.user.name);

    // Meanwhile another tab of the owner accepts the first bid.
    const other = await page.context().request.post(`/api/bids/${firstBid}/accept`, {
      headers: { origin: baseURL! },
    });
    expect(other.status()).toBe(200);

    await dialog.getByRole('button', { name: 'Yes, accept it' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Bidding is closed for this task');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Assigned to ${first.user.name}`)).toBeVisible();
    await expect(secondCard.getByText('Declined', { exact: true })).toBeVisible();
  });
});
