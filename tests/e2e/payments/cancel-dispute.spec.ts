/**
 * Payment protection when it goes wrong: a declined card (then a good one), a cancellation
 * both sides agree on (the money goes back), and one declined: a dispute an operator rules
 * on with a split.
 */
import {
  CARDS,
  acceptAndOpenPay,
  createTask,
  dealPanel,
  dealStep,
  dealThroughApi,
  expect,
  moderatorDesk,
  paidDeal,
  payWith,
  placeBid,
  test,
} from './support.ts';

test('a declined card says so and the poster pays with another', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('poster');
  const taskId = await createTask(page.request, baseURL!);
  const worker = await accounts.apiUser('worker');
  await placeBid(worker.api, baseURL!, taskId, 50);

  await acceptAndOpenPay(page, taskId, worker.user.name);
  await payWith(page, CARDS.declined);
  await expect(page.getByRole('alert')).toHaveText('The card was declined.');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure the payment' })).toBeVisible();

  // The card that asks to authenticate, then the confirm step.
  await payWith(page, CARDS.authenticate);
  await expect(page.getByText('Your bank asks you to confirm this payment.')).toBeVisible();
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(dealPanel(page).getByText('Payment secured')).toBeVisible();
  await expect(dealPanel(page)).toContainText('You pay$52.50');
});

test('a cancellation both sides agree on gives the money back', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('poster');
  const context = await browser.newContext({ baseURL });
  const workerPage = await context.newPage();
  await accounts.signInPage('worker', workerPage);
  const { taskId } = await dealThroughApi(page.request, workerPage.request, baseURL!, {
    card: CARDS.ok,
  });

  await page.goto(`/browse-tasks/${taskId}`);
  await dealStep(page, 'Request cancellation', {
    reason: 'Plans changed, no longer needed.',
    fault: 'Nobody',
  });
  await expect(dealPanel(page).getByText('Cancellation requested', { exact: true })).toBeVisible();
  await expect(dealPanel(page).getByText(/becomes a dispute in 1 day 23 hours/)).toBeVisible();

  await workerPage.goto(`/browse-tasks/${taskId}`);
  await expect(dealPanel(workerPage)).toContainText('Plans changed, no longer needed.');
  await dealStep(workerPage, 'Agree to cancel');
  await expect(dealPanel(workerPage).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(dealPanel(page).getByText('Cancelled', { exact: true })).toBeVisible();
  await context.close();
});

test('a declined cancellation becomes a dispute an operator rules on', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(90_000);
  const { taskId, dealId, title, worker } = await paidDeal(
    page,
    accounts,
    baseURL!,
    'Disputed',
    200,
  );
  const asked = await worker.api.post(`/api/deals/${dealId}/request-cancellation`, {
    data: { reason: 'The poster keeps changing the job.', fault: 'owner' },
    headers: { origin: baseURL! },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  await page.goto(`/browse-tasks/${taskId}`);
  await dealStep(page, 'Decline to cancel', { reason: 'The job is as it was posted.' });
  await expect(dealPanel(page).getByText('In dispute', { exact: true })).toBeVisible();

  const { context, desk } = await moderatorDesk(browser, baseURL!, accounts);
  await desk.goto('/admin/deals');
  await desk.getByRole('link', { name: title }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Deal' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Ledger lines' })).toContainText('$210.00');
  await desk.getByLabel('Split: part of the price to the worker').check();
  await desk.getByLabel("Worker's share of the price ($)").fill('100');
  await desk.getByLabel('Reason').fill('Half the work was done as agreed.');
  await desk.getByRole('button', { name: 'Rule' }).click();
  await expect(desk.getByText('Ruled.')).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Figures' })).toContainText('Payment released');

  await expect(dealPanel(page).getByText('Payment released', { exact: true })).toBeVisible();
  await expect(dealPanel(page)).toContainText('Half the work was done as agreed.');
  await context.close();
});
