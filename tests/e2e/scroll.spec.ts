/**
 * A page loaded anew (a typed address, a redirect, a reload) opens at the top, wherever the
 * last page was left; Back and Forward return to where each page was.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 375, height: 600 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls to the bottom of the page (once it and its footer are drawn); returns where it ended. */
async function scrollToBottom(page: Page): Promise<number> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  // ScrollRestoration records the place when the page is left.
  return scrollY(page);
}

test('a typed address, a redirect and a reload open at the top', async ({ page }) => {
  await page.goto('/privacy-policy');
  await scrollToBottom(page);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await scrollToBottom(page);
  // A verification link: the server redirects to the page that says how it went.
  await page.goto('/api/auth/verify-email?token=bogus&callbackURL=%2Femail-verified');
  await expect(page).toHaveURL(/\/email-verified\?error=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await scrollToBottom(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await scrollY(page)).toBe(0);
});

test('Back and Forward return to where each page was left', async ({ page }) => {
  await page.goto('/privacy-policy');
  // The page drawn, not its spinner: a place taken above the footer while the spinner shows
  // moves with the footer when the page grows (the browser's scroll anchoring).
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => scrollY(page)).toBe(700);
  // In the app: the footer's link (clicked where it is: a pointer click would scroll to it).
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Terms of Service' })
    .dispatchEvent('click');
  await expect(page).toHaveURL(/\/terms$/);
  // The address changes before the page is drawn: scroll the page a person sees.
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => scrollY(page)).toBe(400);

  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => scrollY(page)).toBe(700);
  await page.goForward();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => scrollY(page)).toBe(400);

  // A page loaded anew, then Back out of it to the app's page.
  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => scrollY(page)).toBe(400);
});
