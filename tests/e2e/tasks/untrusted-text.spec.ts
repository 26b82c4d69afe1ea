import { createTask, expect, placeBid, test, uniqueToken } from './support.ts';

const PAYLOAD = '<img src=x onerror=alert(1)>';

test('a title and description holding HTML render as plain text everywhere', async ({
  page,
  baseURL,
  accounts,
}) => {
  // The shared page guard fails the test if any alert or other dialog opens.
  await accounts.signInPage('owner');
  const token = uniqueToken('xss');
  const title = `${PAYLOAD} ${token}`;
  const taskId = await createTask(page.request, baseURL!, {
    title,
    description: `${PAYLOAD} description`,
    location: PAYLOAD,
  });
  const bidder = await accounts.apiUser('bidder');
  await placeBid(bidder.api, baseURL!, taskId, 10, PAYLOAD);
  const injected = page.locator('img[src="x"]');

  await page.goto(`/browse-tasks?search=${token}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`${PAYLOAD} description`)).toBeVisible();
  await expect(injected).toHaveCount(0);

  await page.goto(`/browse-tasks/${taskId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveText(title);
  await expect(page.getByText(`${PAYLOAD} description`)).toBeVisible();
  await expect(injected).toHaveCount(0);

  await page.goto('/my-tasks');
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this task?' })).toContainText(title);
  await page.getByRole('button', { name: 'No, keep it' }).click();
  await expect(injected).toHaveCount(0);

  await page.goto(`/view-bids/${taskId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Bids for: ${title}` })).toBeVisible();
  await expect(page.getByText(PAYLOAD, { exact: true })).toBeVisible(); // the bid message
  await expect(injected).toHaveCount(0);

  await page.goto(`/update-task/${taskId}`);
  await expect(page.getByLabel('Task Title')).toHaveValue(title);
  await expect(injected).toHaveCount(0);
});
