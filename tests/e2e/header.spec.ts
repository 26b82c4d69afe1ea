import { expect, test } from './support/test.ts';

const LINKS = ['Home', 'Add Task', 'Browse Tasks', 'My Posted Tasks', 'How It Works'];

test.describe('header', () => {
  test('at 1280 px all five links are shown, with Login and Sign Up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of LINKS) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'How It Works' })).toHaveAttribute(
      'href',
      '/how-to-works',
    );
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Search tasks' })).toBeVisible();
    await expect(
      banner.getByRole('button', { name: /Switch to (dark|light) theme/ }),
    ).toBeVisible();
  });

  test('at 768 px the first three links are shown', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of LINKS.slice(0, 3))
      await expect(nav.getByRole('link', { name })).toBeVisible();
    for (const name of LINKS.slice(3)) await expect(nav.getByRole('link', { name })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('at 375 px a toggle opens a menu with all five links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of LINKS) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Nothing overflows the small screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the mobile menu closes when a link navigates', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/how-to-works$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('the mobile menu also closes on Back and on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});
