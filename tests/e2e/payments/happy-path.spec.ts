/**
 * Payment protection from end to end, in two browsers: the worker sees what they net while
 * bidding; the poster accepts, sees their total and pays with the sandbox's good card; the
 * worker asks for payment; the poster releases; the worker sets up payouts and finds the
 * payment in their earnings, then paid out.
 */
import { TEST_DEAL_TIMERS_PATH } from '../support/stack.ts';
import {
  CARDS,
  createTask,
  dealPanel,
  dealStep,
  expect,
  payWith,
  test,
  uniqueToken,
} from './support.ts';

test('post → bid → accept and pay → request payment → release → earnings and payout', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(120_000);
  await accounts.signInPage('poster');
  const title = `Paid job ${uniqueToken()}`;
  const taskId = await createTask(page.request, baseURL!, { title });

  // The worker bids in their own browser and sees what they receive after fees.
  const context = await browser.newContext({ baseURL });
  const worker = await context.newPage();
  const bidder = await accounts.signInPage('worker', worker);
  await worker.goto(`/browse-tasks/${taskId}`);
  await worker.getByLabel('Your Bid Amount ($)').fill('120');
  await expect(worker.getByText('You receive $102.00 after fees')).toBeVisible();
  await worker.getByLabel('Completion Deadline').fill('2030-05-01');
  await worker.getByRole('button', { name: 'Submit Bid' }).click();
  await worker.getByRole('dialog', { name: 'Success!' }).getByRole('button').first().click();

  // The poster accepts: the dialog shows their total, then the pay screen in test mode.
  await page.goto(`/view-bids/${taskId}`);
  await page
    .getByRole('article')
    .filter({ hasText: bidder.name })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Accept this bid?' });
  await expect(dialog).toContainText('Price$120.00');
  await expect(dialog).toContainText('Booking fee$6.00');
  await expect(dialog).toContainText('You pay$126.00');
  await dialog.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secure the payment' })).toBeVisible();
  await expect(page.getByText('Test mode: no real money moves.')).toBeVisible();
  await payWith(page, CARDS.ok);

  // Back on the task: the payment is secured and the work is the worker's.
  await expect(page).toHaveURL(new RegExp(`/browse-tasks/${taskId}$`));
  await expect(dealPanel(page).getByText('Payment secured')).toBeVisible();

  // The worker's open page follows live and asks for payment.
  await worker.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(worker).getByText('Payment secured')).toBeVisible();
  await expect(dealPanel(worker)).toContainText('You receive$102.00');
  await dealStep(worker, 'Request payment');
  await expect(dealPanel(worker).getByText('Payment requested', { exact: true })).toBeVisible();

  // The poster's page shows it (live), with the countdown to the automatic release.
  await expect(dealPanel(page).getByText('Payment requested', { exact: true })).toBeVisible();
  await expect(
    dealPanel(page).getByText(/The payment releases itself in 4 days 23 hours/),
  ).toBeVisible();
  await dealStep(page, 'Release payment');
  await expect(dealPanel(page).getByText('Payment released', { exact: true })).toBeVisible();
  await expect(dealPanel(page).getByRole('button')).toHaveCount(0);

  // The worker's earnings hold it until payouts are set up, then it is paid out.
  await worker.goto('/profile/earnings');
  const earnings = worker.getByRole('region', { name: 'Earnings' });
  await expect(earnings.getByRole('row').filter({ hasText: title })).toContainText('$102.00');
  await expect(earnings.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await worker.goto('/profile/payments');
  await expect(worker.getByText(/Not set up/)).toBeVisible();
  await worker.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(worker.getByText(/Active: released payments are paid out to you/)).toBeVisible();
  const timers = await worker.request.post(TEST_DEAL_TIMERS_PATH);
  expect(timers.status()).toBe(200);
  await worker.goto('/profile/earnings');
  await expect(earnings.getByRole('row').filter({ hasText: 'Paid out' })).toBeVisible();
  await worker.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(worker).getByText('Paid out', { exact: true })).toBeVisible();
  await context.close();
});
