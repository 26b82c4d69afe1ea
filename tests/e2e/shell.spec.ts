import { expect, test } from './support/test.ts';

test.describe('app shell', () => {
  test('the home page is written by the server: it shows before its screen’s code arrives', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'TaskBid' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('skilled professionals');
    await expect(page.getByRole('heading', { name: 'Featured Tasks' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(0);
    release();
    // Hydrated: the app's own navigation takes over.
    await page.getByRole('link', { name: 'View all tasks' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Discover Tasks That Match Your Skills',
    );
  });

  test('the home page shows the featured tasks, the categories with counts and the steps', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Tasks' })).toBeVisible();
    const categories = page.getByRole('region', { name: 'Browse by Category' });
    const design = categories.getByRole('link', { name: /^Design \d+ tasks?$/ });
    await expect(design).toHaveAttribute('href', '/browse-tasks?category=Design');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Post a Task' }).first()).toHaveAttribute(
      'href',
      '/add-task',
    );
  });

  test('the footer has its links, contact details and the current year', async ({ page }) => {
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByText(
        'Connecting skilled professionals with meaningful tasks and projects worldwide.',
      ),
    ).toBeVisible();
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Browse Tasks', '/browse-tasks'],
      ['Post a Task', '/add-task'],
      ['How It Works', '/how-it-works'],
      ['Pricing', '/pricing'],
      ['Install the App', '/install'],
    ]) {
      await expect(quick.getByRole('link', { name: name!, exact: true })).toHaveAttribute(
        'href',
        href!,
      );
    }
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    for (const [name, href] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms'],
      ['Cookies Policy', '/cookies'],
    ]) {
      await expect(legal.getByRole('link', { name: name!, exact: true })).toHaveAttribute(
        'href',
        href!,
      );
    }
    await expect(footer.getByRole('link', { name: /^TaskBid on / })).toHaveCount(5);
    await expect(footer.getByText('San Francisco, CA 94104', { exact: false })).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} TaskBid`)).toBeVisible();
  });

  test('every content page has real content', async ({ page }) => {
    for (const [path, title] of [
      ['/how-it-works', 'How It Works'],
      ['/how-to-works', 'How It Works'],
      ['/pricing', 'Pricing'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookies Policy'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page).toHaveTitle(`${title} · TaskBid`);
    }
  });
});
