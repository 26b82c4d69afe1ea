/**
 * The console's money screens: an operator takes a side's price step for them (asks for
 * more for the worker, declines the ask for the poster), a moderator tries a failed
 * payment call again, and settles a deal a refund at the processor left short.
 */
import { signInOperator } from '../admin/support.ts';
import { TEST_FAILED_CALL_PATH, TEST_REFUND_AT_PROVIDER_PATH } from '../support/stack.ts';
import { dealPanel, expect, moderatorDesk, paidDeal, test } from './support.ts';

test('an operator asks for more for the worker, then declines it for the poster', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(90_000);
  const { taskId, title } = await paidDeal(page, accounts, baseURL!, 'Priced', 100);
  const { context, desk } = await moderatorDesk(browser, baseURL!, accounts);
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
  const { dealId, title } = await paidDeal(page, accounts, baseURL!, 'Refund', 50);
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

test('a moderator settles a deal a refund at the processor left short', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(90_000);
  const { taskId, dealId } = await paidDeal(page, accounts, baseURL!, 'Short', 100);
  const refunded = await page.request.post(`${TEST_REFUND_AT_PROVIDER_PATH}/${dealId}`, {
    data: { amount: 3_000 },
  });
  expect(refunded.status()).toBe(200);

  const { context, desk } = await moderatorDesk(browser, baseURL!, accounts);
  await desk.goto(`/admin/deals/${dealId}`);
  await expect(
    desk.getByText('The secured payment holds $75.00 of the $105.00 the deal expects'),
  ).toBeVisible();
  const settle = desk
    .locator('form')
    .filter({ has: desk.getByRole('group', { name: 'Settle what the payment holds' }) });
  await settle.getByRole('radio', { name: 'Split: part of it to the worker' }).check();
  await settle.getByLabel("Worker's share ($)").fill('40');
  await settle.getByLabel('Reason').fill('The poster was refunded $30 by card support; agreed.');
  await settle.getByRole('button', { name: 'Settle' }).click();
  await expect(desk.getByText('Settled.')).toBeVisible();
  const figures = desk.getByRole('region', { name: 'Figures' });
  await expect(figures).toContainText('Payment released');
  await expect(figures).toContainText('$0.00');
  await expect(desk.getByText('The secured payment holds')).toBeHidden();
  await expect(desk.getByRole('button', { name: 'Settle' })).toBeHidden();

  await page.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(page)).toContainText('An operator split what the short payment held');
  await context.close();
});
