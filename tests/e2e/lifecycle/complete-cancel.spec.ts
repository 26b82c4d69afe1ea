import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';

test.describe('assignment lifecycle', () => {
  test('the owner marks an assigned task completed and the worker confirms it', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const taskId = await createTask(page.request, baseURL!);
    const workerContext = await browser.newContext({ baseURL });
    const workerPage = await workerContext.newPage();
    const worker = await accounts.signInPage('bidder', workerPage);
    const bidId = await placeBid(workerPage.request, baseURL!, taskId, 50);
    const accepted = await page.request.post(`/api/bids/${bidId}/accept`, {
      headers: { origin: baseURL! },
    });
    expect(accepted.status()).toBe(200);

    await page.goto(`/view-bids/${taskId}`);
    const panel = page.getByRole('region', { name: 'Assignment' });
    await expect(panel).toContainText(`Assigned to ${worker.name}`);
    await panel.getByRole('button', { name: 'Mark as Completed' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark this task as completed?' });
    await dialog.getByRole('button', { name: 'Yes, it is completed' }).click();
    await expect(dialog).toBeHidden();
    // Not completed yet: it waits for the worker, who has a stated number of days to answer.
    await expect(panel).toContainText(
      new RegExp(
        `Waiting for ${worker.name} to confirm \\(confirms itself on \\w{3} \\d{1,2}, \\d{4}\\)`,
      ),
    );
    await expect(panel.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);

    // The worker confirms on the task's page.
    await workerPage.goto(`/browse-tasks/${taskId}`);
    const answer = workerPage.getByRole('region', { name: 'Completion' });
    await expect(answer.getByRole('button', { name: 'Something’s wrong' })).toBeVisible();
    await answer.getByRole('button', { name: 'Confirm completion' }).click();
    const confirm = workerPage.getByRole('alertdialog', { name: 'Confirm the task is completed?' });
    await confirm.getByRole('button', { name: 'Yes, it is completed' }).click();
    await expect(confirm).toBeHidden();
    await expect(answer).toHaveCount(0);
    await expect(workerPage.getByRole('region', { name: 'Leave a review' })).toBeVisible();
    await workerContext.close();

    await page.reload();
    await expect(panel.getByText('This task is completed.')).toBeVisible();
    await expect(panel.getByText('Completed', { exact: true })).toHaveClass(/badge-success/);
    await expect(panel.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Cancel assignment' })).toHaveCount(0);

    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('article').getByText('Completed', { exact: true })).toHaveClass(
      /badge-success/,
    );
  });

  test('the worker says something is wrong: the task stays In Progress and the owner is told why', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Disputed ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const workerContext = await browser.newContext({ baseURL });
    const workerPage = await workerContext.newPage();
    await accounts.signInPage('bidder', workerPage);
    const bidId = await placeBid(workerPage.request, baseURL!, taskId, 60);
    const headers = { origin: baseURL! };
    expect((await page.request.post(`/api/bids/${bidId}/accept`, { headers })).ok()).toBe(true);
    expect((await page.request.post(`/api/tasks/${taskId}/complete`, { headers })).ok()).toBe(true);

    await workerPage.goto(`/browse-tasks/${taskId}`);
    const answer = workerPage.getByRole('region', { name: 'Completion' });
    await answer.getByRole('button', { name: 'Something’s wrong' }).click();
    const dialog = workerPage.getByRole('alertdialog', { name: 'What is wrong?' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The logo files are missing.');
    await dialog.getByRole('button', { name: /^Tell / }).click();
    await expect(dialog).toBeHidden();
    await expect(answer).toHaveCount(0);
    await workerContext.close();

    await page.goto(`/view-bids/${taskId}`);
    const panel = page.getByRole('region', { name: 'Assignment' });
    await expect(panel.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const list = page.getByRole('list', { name: 'Recent notifications' });
    await expect(list.getByRole('link').first()).toContainText(`“${title}” is not completed yet`);
    await expect(list).toContainText('The logo files are missing.');
  });

  test('cancel with a reason reopens the task and the bidder is told', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Reopen ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const bidderContext = await browser.newContext({ baseURL });
    const bidderPage = await bidderContext.newPage();
    const bidder = await accounts.signInPage('bidder', bidderPage);
    const bidId = await placeBid(bidderPage.request, baseURL!, taskId, 70);
    const other = await accounts.apiUser('other');
    await placeBid(other.api, baseURL!, taskId, 65);
    const accepted = await page.request.post(`/api/bids/${bidId}/accept`, {
      headers: { origin: baseURL! },
    });
    expect(accepted.status()).toBe(200);

    await page.goto(`/view-bids/${taskId}`);
    await page.getByRole('button', { name: 'Cancel assignment' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel the assignment?' });
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    // The reason is required: an empty one is not sent.
    await dialog.getByRole('button', { name: 'Cancel assignment' }).click();
    await expect(dialog).toBeVisible();
    expect(await reason.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    await reason.fill('The client changed plans.');
    await dialog.getByRole('button', { name: 'Cancel assignment' }).click();
    await expect(dialog).toBeHidden();

    const panel = page.getByRole('region', { name: 'Assignment' });
    await expect(panel.getByText('Open for bidding')).toBeVisible();
    await expect(panel.getByText('Not Started', { exact: true })).toHaveClass(/badge-warning/);
    const mine = page.getByRole('article').filter({ hasText: bidder.name });
    await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
    const theirs = page.getByRole('article').filter({ hasText: other.user.name });
    await expect(theirs.getByText('Declined', { exact: true })).toBeVisible();

    // The bidder: accepted, then cancelled, with the owner's reason.
    await bidderPage.goto('/');
    const bell = bidderPage.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.click();
    const list = bidderPage.getByRole('list', { name: 'Recent notifications' });
    await expect(list.getByRole('link').first()).toContainText('Your assignment was cancelled');
    await expect(list).toContainText('The client changed plans.');
    await expect(list).toContainText('Your bid was accepted');

    // The task takes bids again.
    await bidderPage.goto(`/browse-tasks/${taskId}`);
    await expect(bidderPage.getByRole('heading', { name: 'Place Your Bid' })).toBeVisible();
    await bidderContext.close();
  });
});
