import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Search tasks' });
}

async function openSearch(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Search tasks' }).click();
  await expect(dialog(page)).toBeVisible();
}

async function searchFor(page: Page, term: string) {
  await openSearch(page);
  await dialog(page).getByPlaceholder('Search for tasks, freelancers, or categories...').fill(term);
  await dialog(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
}

async function stored(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('recentSearches');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

function recentTerms(page: Page) {
  return dialog(page).getByRole('region', { name: 'Recent Searches' }).getByRole('listitem');
}

test.describe('search dialog', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/pricing');
  });

  test('opens from the magnifier with the focus in the input, and shows the texts', async ({
    page,
  }) => {
    await openSearch(page);
    const input = dialog(page).getByPlaceholder('Search for tasks, freelancers, or categories...');
    await expect(input).toBeFocused();
    await expect(dialog(page).getByRole('heading', { name: 'Recent Searches' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  });

  test('closes with the close button and gives the focus back', async ({ page }) => {
    await openSearch(page);
    await dialog(page).getByRole('button', { name: 'Close search' }).first().click();
    await expect(dialog(page)).toBeHidden();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Search tasks' }),
    ).toBeFocused();
  });

  test('closes with Escape', async ({ page }) => {
    await openSearch(page);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('closes with a click on the backdrop', async ({ page }) => {
    await openSearch(page);
    await page.mouse.click(8, 790);
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a blank term does nothing', async ({ page }) => {
    await openSearch(page);
    await dialog(page)
      .getByPlaceholder('Search for tasks, freelancers, or categories...')
      .fill('   ');
    await dialog(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await stored(page)).toBeNull();
  });

  test('submitting records the term and opens the browse list for it', async ({ page }) => {
    await searchFor(page, '  Logo design ');
    await expect(page).toHaveURL(/\/browse-tasks\?search=Logo%20design$/);
    expect(await stored(page)).toEqual(['Logo design']);
  });

  test('new terms go to the front, copies are removed ignoring case, at most five', async ({
    page,
  }) => {
    for (const term of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']) {
      await searchFor(page, term);
    }
    expect(await stored(page)).toEqual(['zeta', 'epsilon', 'delta', 'gamma', 'beta']);
    await searchFor(page, 'GAMMA');
    expect(await stored(page)).toEqual(['GAMMA', 'zeta', 'epsilon', 'delta', 'beta']);

    await openSearch(page);
    await expect(recentTerms(page)).toHaveText(['GAMMA', 'zeta', 'epsilon', 'delta', 'beta']);
  });

  test('picking a recent term closes the dialog, moves it to the front and searches it', async ({
    page,
  }) => {
    await searchFor(page, 'copywriting');
    await searchFor(page, 'react');
    await openSearch(page);
    await recentTerms(page).filter({ hasText: 'copywriting' }).getByRole('button').click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/browse-tasks\?search=copywriting$/);
    expect(await stored(page)).toEqual(['copywriting', 'react']);
  });

  test('Clear all empties the list and removes the stored item', async ({ page }) => {
    await searchFor(page, 'one');
    await searchFor(page, 'two');
    await openSearch(page);
    await expect(recentTerms(page)).toHaveCount(2);
    await dialog(page).getByRole('button', { name: 'Clear all' }).click();
    await expect(recentTerms(page)).toHaveCount(0);
    await expect(dialog(page).getByText('No recent searches yet.')).toBeVisible();
    expect(await stored(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBeNull();
  });

  test('the list survives a reload', async ({ page }) => {
    await searchFor(page, 'translation');
    await page.goto('/pricing');
    await openSearch(page);
    await expect(recentTerms(page)).toHaveText(['translation']);
  });
});
