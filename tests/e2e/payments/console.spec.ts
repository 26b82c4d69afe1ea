/**
 * The console's money screens: an operator takes a side's price step for them (asks for
 * more for the worker, declines the ask for the poster), and a moderator tries a failed
 * payment call again.
 */
import { signInOperator } from '../admin/support.ts';
import { TEST_FAILED_CALL_PATH } from '../support/stack.ts';
import { CARDS, dealPanel, dealThroughApi, expect, test, uniqueToken } from './support.ts';

test('an operator asks for more for the worker, then declines it for the poster', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(90_000);
  await accounts.signInPage('poster');
  const worker = await accounts.apiUser('worker');
  const title = `Priced ${uniqueToken()}`;
  const { taskId } = await dealThroughApi(page.request, worker.api, baseURL!, {
    title,
    amount: 100,
    card: CARDS.ok,
  });

  const context = await browser.newContext({ baseURL });
  const desk = await context.newPage();
  await signInOperator(accounts, desk, 'moderator');
  await desk.goto('/admin/deals?state=');
  await desk.getByRole('link', { name: title }).click();
  const ask = desk.getByRole('form', { name: 'Ask for more for the worker' });
  await ask.getByLabel('New price').fill('150');
  await ask.getByLabel('Reason').fill('The worker called: the wall is twice as big.');
  await ask.getByRole('button', { name: 'Ask for more for the worker' }).click();
  await expect(desk.getByText('Asked for more for the worker.')).toBeVisible();

  await page.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(page)).toContainText('The worker asks for $150.00');

  const decline = desk.getByRole('form', { name: 'Decline the ask for the poster' });
  await expect(decline).toContainText('The worker asks for $150.00.');
  await decline.getByLabel('Reason').fill('The poster told us by phone: no.');
  await decline.getByRole('button', { name: 'Decline the ask for the poster' }).click();
  await expect(desk.getByText('Declined for the poster.')).toBeVisible();
  await expect(desk.getByRole('form', { name: 'Ask for more for the worker' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Figures' })).toContainText('$100.00');

  await page.reload();
  await expect(dealPanel(page)).not.toContainText('The worker asks for $150.00');
  await context.close();
});

test('a moderator tries a failed payment call again', async ({ page, baseURL, accounts }) => {
  await accounts.signInPage('poster');
  const worker = await accounts.apiUser('worker');
  const title = `Refund ${uniqueToken()}`;
  const { dealId } = await dealThroughApi(page.request, worker.api, baseURL!, {
    title,
    amount: 50,
    card: CARDS.ok,
  });
  const failed = await page.request.post(`${TEST_FAILED_CALL_PATH}/${dealId}`);
  expect(failed.status()).toBe(200);

  await signInOperator(accounts, page, 'moderator', 'desk');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Payment calls' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment calls' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Refund of $52.50');
  await expect(item).toContainText('Failed after 1 attempt');
  await expect(item).toContainText('Charge ch_e2e has already been refunded.');
  await item.getByText('Try again').click();
  await item.getByLabel('Reason').fill('The charge was refunded twice by mistake; checked.');
  await item.getByRole('button', { name: 'Try this call again' }).click();
  await expect(
    page.getByText('Queued again: the next run of the payment jobs makes it.'),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await item.page().getByRole('link', { name: 'Still retrying' }).click();
  await expect(page.getByRole('link', { name: 'Still retrying' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
