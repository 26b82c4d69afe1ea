/**
 * Changing the price of a secured deal, in two browsers: the worker asks for more with a
 * reason and sees what they would receive; the poster sees the amount to pay, approves and
 * pays the difference with the sandbox's good card; both panels and the worker's earnings
 * show the new amounts.
 */
import { CARDS, dealPanel, dealThroughApi, expect, test, uniqueToken } from './support.ts';

test('the worker asks for more → the poster approves and pays the difference', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(120_000);
  await accounts.signInPage('poster');
  const context = await browser.newContext({ baseURL });
  const worker = await context.newPage();
  await accounts.signInPage('worker', worker);
  // A $100.00 job, paid: the poster paid $105.00, the worker receives $85.00.
  const title = `Repriced job ${uniqueToken()}`;
  const { taskId } = await dealThroughApi(page.request, worker.request, baseURL!, {
    title,
    amount: 100,
    card: CARDS.ok,
  });

  await worker.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(worker)).toContainText('You receive$85.00');
  await dealPanel(worker).getByRole('button', { name: 'Ask for more' }).click();
  const ask = worker.getByRole('alertdialog', { name: 'Ask for more?' });
  await ask.getByLabel('New price').fill('150');
  await expect(ask.getByText('You would receive $127.50 after fees')).toBeVisible();
  await ask.getByLabel('Reason').fill('The wall turned out twice as long.');
  await ask.getByRole('button', { name: 'Ask for more' }).click();
  await expect(ask).toBeHidden();
  await expect(
    dealPanel(worker).getByText('You asked for $150.00: waiting for the poster’s answer.'),
  ).toBeVisible();
  await expect(dealPanel(worker).getByRole('button', { name: 'Ask for more' })).toHaveCount(0);

  // The poster sees the ask, its reason and what to pay: $150 + $7.50 − $105.00.
  await page.goto(`/browse-tasks/${taskId}`);
  const panel = dealPanel(page);
  await expect(
    panel.getByText('The worker asks for $150.00: you would pay $52.50 more.'),
  ).toBeVisible();
  await expect(panel.getByText('“The wall turned out twice as long.”')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve and pay $52.50' }).click();
  const approve = page.getByRole('alertdialog', { name: 'Approve and pay $52.50?' });
  await expect(approve.getByText('Test mode: no real money moves.')).toBeVisible();
  await approve.getByLabel('Card number').fill(CARDS.declined);
  await approve.getByRole('button', { name: 'Approve and pay $52.50' }).click();
  await expect(approve.getByText('The card was declined.')).toBeVisible();
  await approve.getByLabel('Card number').fill(CARDS.ok);
  await approve.getByRole('button', { name: 'Approve and pay $52.50' }).click();
  await expect(approve).toBeHidden();
  await expect(panel).toContainText('Price$150.00');
  await expect(panel).toContainText('You pay$157.50');
  await expect(
    panel.getByText('The poster approved the higher price and paid the difference'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Raise the price' })).toBeVisible();

  // The worker's open page follows live; their earnings count the new amount.
  await expect(dealPanel(worker)).toContainText('You receive$127.50');
  await expect(dealPanel(worker).getByRole('button', { name: 'Ask for more' })).toBeVisible();
  await worker.goto('/profile/earnings');
  await expect(worker.getByRole('region', { name: 'Earnings' })).toContainText(
    'Secured in work going on$127.50',
  );
  await context.close();
});
