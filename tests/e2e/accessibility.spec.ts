import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

const SCREENS = [
  '/',
  '/login',
  '/signup',
  '/no-such-page',
  '/how-it-works',
  '/pricing',
  '/cookies',
];
const THEMES = ['light', 'dark'] as const;

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

for (const theme of THEMES) {
  test.describe(`accessibility (${theme} theme)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    for (const path of SCREENS) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the search dialog has no WCAG 2.2 AA violations', async ({ page }) => {
      await page.goto('/pricing');
      await page.evaluate(() => localStorage.setItem('recentSearches', '["logo design"]'));
      await page.getByRole('banner').getByRole('button', { name: 'Search tasks' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(300);
      expect(await violations(page)).toEqual([]);
    });
  });
}
