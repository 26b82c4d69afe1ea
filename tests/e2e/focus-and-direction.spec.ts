/**
 * After an in-app navigation the focus is on the new page's h1 (not on a first load, not
 * when only the search params change); people's text carries `dir="auto"`, so an Arabic
 * title is laid out right to left on the browse card and the task page.
 */
import type { Locator, Page } from '@playwright/test';
import { appStarted } from './support/page-load.ts';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

test.describe('focus after a navigation', () => {
  test('moves to the new page’s h1 after a link, stays put on the first load', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await focusedTag(page)).toBe('BODY');

    await page.getByRole('banner').getByRole('link', { name: 'Browse Tasks' }).click();
    const browse = page.getByRole('heading', { level: 1 });
    await expect(browse).toBeFocused();
    await expect(browse).toHaveAttribute('tabindex', '-1');
    // Not a control: it keeps out of the Tab order and shows no focus ring.
    expect(await browse.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

    // Only the search params change (a search): the focus stays on the control used.
    const search = page.getByRole('searchbox', { name: 'Search tasks' });
    await search.fill('garden');
    await search.press('Enter');
    await expect(page).toHaveURL(/search=garden/);
    await expect(page.getByText('Showing 0 of 0')).toBeVisible();
    await expect(search).toBeFocused();

    // Back to the page without the search: the same page, the focus stays.
    await page.goBack();
    await expect(page).toHaveURL(/\/browse-tasks$/);
    await expect(search).toBeFocused();
    // Back to another page is a navigation too.
    await page.goBack();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('Back still returns to where the page was left', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await page.goto('/privacy-policy');
    // The page drawn, not its spinner (a place taken then moves when the page grows).
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Taken over by the app, as the page is when the link below is followed (until then a
    // press waits), so the place left is the place the page has then.
    await appStarted(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const left = await page.evaluate(() => window.scrollY);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });
});

test('an Arabic title reads right to left on the browse card and the task page', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('rtl');
  const token = uniqueToken();
  const title = `تنظيف الحديقة ${token}`;
  const taskId = await createTask(page.request, baseURL!, {
    title,
    description: 'قص العشب وتقليم الأشجار في الحديقة الخلفية.',
  });

  await page.goto(`/browse-tasks?search=${token}`);
  const cardTitle = page.getByRole('heading', { level: 2, name: title });
  await expect(cardTitle).toHaveAttribute('dir', 'auto');
  expect(await direction(cardTitle)).toBe('rtl');

  await page.goto(`/browse-tasks/${taskId}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toHaveAttribute('dir', 'auto');
  expect(await direction(heading)).toBe('rtl');
  const description = page.getByText('قص العشب وتقليم الأشجار');
  await expect(description).toHaveAttribute('dir', 'auto');
  expect(await direction(description)).toBe('rtl');
});
