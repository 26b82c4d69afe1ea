/**
 * Payment protection's screens in the accessibility matrix (WCAG 2.2 AA, 375 and 1280 px,
 * light and dark) on a stack with payments on, with a screenshot of each in each theme and
 * width (test-results/payments-screens/).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signInOperator } from '../admin/support.ts';
import { ROOT, TEST_FAILED_CALL_PATH, TEST_REFUND_AT_PROVIDER_PATH } from '../support/stack.ts';
import {
  THEMES,
  WIDTHS,
  consoleDealScreens,
  expectNone,
  paymentScreens,
  scanAll,
  type Screen,
} from '../support/axe-matrix.ts';
import { CARDS, dealThroughApi, test } from './support.ts';

const SHOTS = join(ROOT, 'test-results/payments-screens');

/** A PNG of each screen at each width and theme, full page. */
async function screenshots(page: Page, screens: readonly Screen[]) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.then?.(page);
        const name = (screen.name ?? screen.path).replace(/[^a-z0-9]+/gi, '-');
        await page.screenshot({
          path: join(SHOTS, `${name}-${width}-${theme}.png`),
          fullPage: true,
        });
      }
    }
  }
}

test('payment screens pass WCAG 2.2 AA in both themes at 375 and 1280 px', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(300_000);
  await accounts.signInPage('poster');
  const worker = await accounts.apiUser('worker');
  const paid = await dealThroughApi(page.request, worker.api, baseURL!, { card: CARDS.ok });
  const unpaid = await dealThroughApi(page.request, worker.api, baseURL!);
  const funded = await dealThroughApi(page.request, worker.api, baseURL!, { card: CARDS.ok });
  // A refund the provider refused, for the console's failed payment calls.
  await page.request.post(`${TEST_FAILED_CALL_PATH}/${funded.dealId}`);
  // A refund made at the processor: a deal left short, for the console to settle.
  const short = await dealThroughApi(page.request, worker.api, baseURL!, { card: CARDS.ok });
  const refunded = await page.request.post(`${TEST_REFUND_AT_PROVIDER_PATH}/${short.dealId}`, {
    data: { amount: 1_000 },
  });
  if (!refunded.ok()) throw new Error(`refund at the processor: ${refunded.status()}`);
  // The poster asks to cancel and the worker declines: a dispute for the console.
  await page.request.post(`/api/deals/${paid.dealId}/request-cancellation`, {
    data: { reason: 'The work was not started.', fault: 'worker' },
    headers: { origin: baseURL! },
  });
  await worker.api.post(`/api/deals/${paid.dealId}/decline-cancellation`, {
    data: { reason: 'It was started, as the photos show.' },
    headers: { origin: baseURL! },
  });

  const screens = paymentScreens({ unpaidDealId: unpaid.dealId, dealTaskId: paid.taskId });
  await page.goto('/');
  const found = await scanAll(page, screens);
  await screenshots(page, screens);

  const context = await browser.newContext({ baseURL });
  const desk = await context.newPage();
  await signInOperator(accounts, desk, 'moderator');
  await desk.goto('/');
  const deskScreens = consoleDealScreens(paid.dealId, funded.dealId, short.dealId);
  found.push(...(await scanAll(desk, deskScreens)));
  await screenshots(desk, deskScreens);
  await context.close();
  expectNone(found);
});
