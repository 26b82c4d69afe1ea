/**
 * The accessibility matrix, signed out: WCAG 2.2 A/AA (axe) on every route a visitor reaches,
 * light and dark, 375 and 1280 px (screens and helpers in support/axe-matrix.ts).
 */
import {
  scanAll,
  expectNone,
  searchDialog,
  mobileMenu,
  CONTENT_PAGES,
  INSTALL_SCREENS,
  home,
} from './support/axe-matrix.ts';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

test.describe('accessibility matrix, signed out (axe, WCAG 2.2 AA)', () => {
  test.describe.configure({ timeout: 480_000 });

  test('signed out: home, login, signup, browse, and protected routes (→ /login)', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('a11y-owner');
    const token = uniqueToken('a11yout');
    const id = await createTask(owner.api, baseURL!, { title: `Visible ${token}` });
    const ownerId = (await (await owner.api.get('/api/auth/get-session')).json()).user.id;
    await page.goto('/login');

    // Every protected route sends a visitor to /login (the same screen, scanned once below).
    for (const path of [
      '/add-task',
      '/my-tasks',
      '/my-bids',
      `/browse-tasks/${id}`,
      `/update-task/${id}`,
      `/view-bids/${id}`,
      '/profile',
      '/profile/sessions',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL((url) => url.pathname === '/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    }

    expectNone(
      await scanAll(page, [
        home,
        { path: '/login', heading: 'Welcome back' },
        { path: '/signup', heading: 'Create your account' },
        {
          name: '/signup (password rules, one met, the strength meter)',
          path: '/signup',
          heading: 'Create your account',
          then: async (page) => {
            const main = page.getByRole('main');
            await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Rules');
            await main.getByLabel('Password', { exact: true }).fill('ada-2024');
            await expect(main.getByText(/^Strength:/)).toBeVisible();
          },
        },
        { path: '/forgot-password', heading: 'Forgot your password?' },
        { path: `/users/${ownerId}`, heading: owner.user.name },
        { path: '/reset-password?token=unchecked', heading: 'Choose a new password' },
        { path: '/reset-password?error=TOKEN_EXPIRED', heading: 'This reset link has expired' },
        { path: '/email-verified', heading: 'Your e-mail address is verified' },
        {
          path: '/email-verified?error=INVALID_TOKEN',
          heading: 'This verification link is not valid',
        },
        {
          name: '/unsubscribe (a link that is not valid)',
          path: '/unsubscribe?token=not-a-real-token',
          heading: 'Unsubscribe',
          then: (page) =>
            expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible(),
        },
        {
          name: '/add-task (→ /login)',
          path: '/add-task',
          landsOn: '/login',
          heading: 'Welcome back',
        },
        {
          name: '/browse-tasks (search, filters open)',
          path: `/browse-tasks?search=${token}`,
          heading: 'Discover Tasks That Match Your Skills',
          then: async (page) => {
            await expect(page.getByRole('heading', { name: `Visible ${token}` })).toBeVisible();
            await page.getByRole('button', { name: 'Show Filters' }).click();
            await expect(page.getByLabel('Sort By')).toBeVisible();
          },
        },
        {
          name: '/browse-tasks (filters applied, panel closed: chips)',
          path: `/browse-tasks?search=${token}&status=open&minPrice=1&sort=deadline`,
          heading: 'Discover Tasks That Match Your Skills',
          then: async (page) => {
            await page.getByRole('button', { name: 'Hide Filters' }).click();
            await expect(page.getByRole('list', { name: 'Applied filters' })).toBeVisible();
          },
        },
        {
          name: '/browse-tasks (no results)',
          path: `/browse-tasks?search=${token}none`,
          heading: 'Discover Tasks That Match Your Skills',
          then: (page) =>
            expect(page.getByRole('heading', { name: 'No tasks found' })).toBeVisible(),
        },
      ]),
    );
  });

  test('signed out: content pages, 404, search dialog and mobile menu', async ({ page }) => {
    await page.goto('/pricing');
    expectNone(await scanAll(page, [...CONTENT_PAGES, searchDialog, mobileMenu]));
  });

  test('signed out: the installable app (/install, the Install button, the offline page)', async ({
    page,
  }) => {
    await page.goto('/pricing');
    expectNone(await scanAll(page, INSTALL_SCREENS));
  });
});
