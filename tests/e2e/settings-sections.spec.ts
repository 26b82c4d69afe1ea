/**
 * The account settings, a section a route: each section's own address opens it (its card's
 * heading, its menu item marked current), the menu changes the address on a computer and on a
 * phone, links from before the sections had addresses still land, and a notification switch
 * says "Saved" once its change is stored.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './tasks/support.ts';

const SECTIONS = [
  ['/profile', 'Profile'],
  ['/profile/public-profile', 'Public profile'],
  ['/profile/password', 'Change password'],
  ['/profile/email', 'Change e-mail'],
  ['/profile/sessions', 'Active sessions'],
  ['/profile/notifications', 'Notification preferences'],
  ['/profile/notices', 'Account notices'],
  ['/profile/alerts', 'Task alerts'],
  ['/profile/blocked-people', 'Blocked people'],
  ['/profile/data', 'Download my data'],
  ['/profile/delete-account', 'Delete account'],
] as const;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

/** The section shown is `title` alone, and the menu marks it (and only it) as the page. */
async function expectSection(page: Page, path: string, title: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(1);
  const current = menu(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(title);
  await expect(current).toHaveAttribute('href', path);
}

test.describe('settings sections', () => {
  test('each section opens at its own address, with its menu item marked current', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('sections');
    for (const [path, title] of SECTIONS) {
      await page.goto(path);
      await expectSection(page, path, title);
      await expect(page).toHaveTitle(
        path === '/profile'
          ? 'Profile Settings · TaskBid'
          : `${title} · Profile Settings · TaskBid`,
      );
    }
    await expect(menu(page).getByRole('link')).toHaveText(SECTIONS.map(([, title]) => title));
  });

  test('the side menu changes the address, and back returns to the previous section', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('menu');
    await page.goto('/profile');
    await expectSection(page, '/profile', 'Profile');
    await menu(page).getByRole('link', { name: 'Active sessions' }).click();
    await expectSection(page, '/profile/sessions', 'Active sessions');
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    await menu(page).getByRole('link', { name: 'Delete account' }).click();
    await expectSection(page, '/profile/delete-account', 'Delete account');
    await page.goBack();
    await expectSection(page, '/profile/sessions', 'Active sessions');
    await menu(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await expectSection(page, '/profile', 'Profile');
  });

  test('on a phone the compact menu names the section and opens the others', async ({
    page,
    accounts,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await accounts.signInPage('phone-menu');
    await page.goto('/profile/password');
    await expect(menu(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Settings section Change password' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectSection(page, '/profile/password', 'Change password');
    await menu(page).getByRole('link', { name: 'Notification preferences' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile/notifications');
    await expect(menu(page)).toBeHidden();
    const renamed = page.getByRole('button', { name: 'Settings section Notification preferences' });
    await expect(renamed).toBeFocused();
    await renamed.click();
    await expectSection(page, '/profile/notifications', 'Notification preferences');
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
  });

  test('a link to an old anchor (/profile#notifications) opens that section', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('anchor');
    await page.goto('/profile#notifications');
    await expectSection(page, '/profile/notifications', 'Notification preferences');
  });

  test('a notification switch says "Saved" once its change is stored', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('saved');
    await page.goto('/profile/notifications');
    const row = page.getByRole('listitem').filter({ hasText: 'My bid was declined' });
    const toggle = row.getByRole('switch', { name: 'My bid was declined' });
    await expect(row.getByText('Saved')).toHaveCount(0);
    await toggle.click();
    await expect(row.getByText('Saved', { exact: true })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(row.locator('[aria-live="polite"]')).toHaveText('Saved');
    // Only the switch that changed says so.
    await expect(page.getByText('Saved', { exact: true })).toHaveCount(1);
  });
});
