/**
 * Payment protection's browser tests run against a stack of their own with the sandbox
 * provider on (the main stack keeps payments off, as production's default): one per
 * Playwright worker, started by the first test that needs it. Data through the real API.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInOperator } from '../admin/support.ts';
import { startStack, type Stack } from '../support/stack.ts';
import type { Accounts } from '../support/test.ts';
import { createTask, expect, placeBid, test as base, uniqueToken } from '../tasks/support.ts';

export { createTask, expect, placeBid };
export { uniqueToken } from '../tasks/support.ts';

/** The sandbox's test cards (its numbers decide a charge's outcome). */
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
} as const;

export const test = base.extend<object, { paymentsStack: Stack }>({
  paymentsStack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // A second app beside the main one on a busy machine: it may take a while to start.
      const stack = await startStack({ env: { PAYMENTS: 'sandbox' }, startTimeoutMs: 150_000 });
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ paymentsStack }, use) => {
    await use(paymentsStack.baseURL);
  },
});

/** Accepts `bidderName`'s bid on the owner's bids screen: the pay screen opens. */
export async function acceptAndOpenPay(page: Page, taskId: string, bidderName: string) {
  await page.goto(`/view-bids/${taskId}`);
  const card = page.getByRole('article').filter({ hasText: bidderName });
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Accept this bid?' });
  await dialog.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secure the payment' })).toBeVisible();
}

/** Types a card number on the pay screen and pays. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The deal panel of the task page. */
export function dealPanel(page: Page) {
  return page.getByRole('region', { name: 'Payment protection' });
}

/** Presses a deal step's button on the panel and confirms it (with a reason, and fault). */
export async function dealStep(
  page: Page,
  label: string,
  answers: { reason?: string; fault?: string } = {},
) {
  await dealPanel(page).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `${label}?` });
  if (answers.reason) await dialog.getByLabel('Reason').fill(answers.reason);
  if (answers.fault)
    await dialog.getByLabel('Whose fault is it?').selectOption({ label: answers.fault });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** POSTs as the signed-in user of `api`, expecting `status`. */
export async function post(api: APIRequestContext, origin: string, path: string, status = 200) {
  const response = await api.post(path, { headers: { origin } });
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<unknown>;
}

/**
 * A task of the owner (`owner`'s request client), a bid of the worker's, accepted: its deal
 * waits for payment; with `card`, paid through the API too. Returns the ids.
 */
export async function dealThroughApi(
  owner: APIRequestContext,
  worker: APIRequestContext,
  origin: string,
  options: { title?: string; amount?: number; card?: string } = {},
): Promise<{ taskId: string; dealId: string }> {
  const taskId = await createTask(owner, origin, options.title ? { title: options.title } : {});
  const bidId = await placeBid(worker, origin, taskId, options.amount ?? 80);
  const accepted = (await post(owner, origin, `/api/bids/${bidId}/accept`)) as { dealId: string };
  expect(accepted.dealId).toBeTruthy();
  if (options.card) {
    const response = await owner.post(`/api/deals/${accepted.dealId}/pay`, {
      data: { card: options.card.replaceAll(' ', '') },
      headers: { origin },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return { taskId, dealId: accepted.dealId };
}

/**
 * The poster signed in on `page`, a worker through the API, and a deal between them on a new
 * task titled `<prefix> <token>`, paid with a good card: where the console's tests start.
 */
export async function paidDeal(
  page: Page,
  accounts: Accounts,
  origin: string,
  prefix: string,
  amount: number,
) {
  await accounts.signInPage('poster', page);
  const worker = await accounts.apiUser('worker');
  const title = `${prefix} ${uniqueToken()}`;
  const ids = await dealThroughApi(page.request, worker.api, origin, {
    title,
    amount,
    card: CARDS.ok,
  });
  return { ...ids, title, worker };
}

/** A moderator at the console in a browser context of their own (close it when done). */
export async function moderatorDesk(browser: Browser, origin: string, accounts: Accounts) {
  const context = await browser.newContext({ baseURL: origin });
  const desk = await context.newPage();
  await signInOperator(accounts, desk, 'moderator');
  return { context, desk };
}
