/**
 * The public pages as a crawler, a link preview or a reader without JavaScript gets them: the
 * head and the `<noscript>` gist the server writes into the app's page (docs/public-pages.md),
 * robots.txt and the sitemap. With JavaScript on, the app's own screen is all that shows.
 */
import type { Page } from '@playwright/test';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';
import { watchPageLoad, watchRequests } from './support/page-load.ts';

/** The head tags a crawler reads (null for a tag the page does not have). */
function headOf(page: Page) {
  return page.evaluate(() => {
    const read = (selector: string, attribute = 'content') =>
      document.head.querySelector(selector)?.getAttribute(attribute) ?? null;
    return {
      title: document.title,
      description: read('meta[name="description"]'),
      canonical: read('link[rel="canonical"]', 'href'),
      ogTitle: read('meta[property="og:title"]'),
      robots: read('meta[name="robots"]'),
    };
  });
}

test.describe('public pages without JavaScript', () => {
  test('each public page shows its heading and carries its title, description, address and preview', async ({
    browser,
    baseURL,
    accounts,
  }) => {
    test.setTimeout(90_000);
    const poster = await accounts.apiUser('poster');
    const title = `Noscript poster ${uniqueToken()}`;
    const taskId = await createTask(poster.api, baseURL!, {
      title,
      category: 'Design',
      budget: 321,
    });
    const session = await (await poster.api.get(`${baseURL}/api/auth/get-session`)).json();

    const pages: [path: string, heading: string, title: string, canonical: string][] = [
      [
        '/',
        'Get your tasks done by skilled professionals',
        'TaskBid · Get tasks done by skilled professionals',
        '/',
      ],
      [
        `/browse-tasks?search=${encodeURIComponent(title)}&category=Design&sort=newest`,
        'Discover Tasks That Match Your Skills',
        `“${title}” in Design · Browse Tasks · TaskBid`,
        `/browse-tasks?search=${encodeURIComponent(title).replaceAll('%20', '+')}&category=Design`,
      ],
      ['/how-it-works', 'How It Works', 'How It Works · TaskBid', '/how-it-works'],
      ['/pricing', 'Pricing', 'Pricing · TaskBid', '/pricing'],
      ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · TaskBid', '/privacy-policy'],
      ['/terms', 'Terms of Service', 'Terms of Service · TaskBid', '/terms'],
      ['/cookies', 'Cookies Policy', 'Cookies Policy · TaskBid', '/cookies'],
      ['/install', 'Install TaskBid', 'Install TaskBid · TaskBid', '/install'],
      ['/login', 'Welcome back', 'Login · TaskBid', '/login'],
      ['/signup', 'Create your account', 'Sign Up · TaskBid', '/signup'],
      [
        `/users/${session.user.id}`,
        poster.user.name,
        `${poster.user.name} · TaskBid`,
        `/users/${session.user.id}`,
      ],
    ];

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    for (const [path, heading, pageTitle, canonical] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      const head = await headOf(page);
      expect(head.title, path).toBe(pageTitle);
      expect(head.ogTitle, path).toBe(pageTitle);
      expect(head.description?.length, path).toBeGreaterThan(20);
      expect(head.canonical, path).toBe(`${baseURL}${canonical}`);
      expect(head.robots, path).toBeNull();
    }

    // Browse and home list their first tasks, each linking to its page.
    for (const path of [`/browse-tasks?category=Design&sort=newest`, '/']) {
      await page.goto(path);
      const item = page.getByRole('listitem').filter({ hasText: title });
      await expect(item, path).toContainText('$321.00');
      await expect(item.getByRole('link', { name: title }).first(), path).toHaveAttribute(
        'href',
        `/browse-tasks/${taskId}`,
      );
    }
    await context.close();
  });

  test('a task’s address says it is for signed-in members and stays out of search results', async ({
    browser,
    baseURL,
    accounts,
  }) => {
    const poster = await accounts.apiUser('poster');
    const taskId = await createTask(poster.api, baseURL!, { title: `Members ${uniqueToken()}` });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sign in to see this task and make an offer',
    );
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const head = await headOf(page);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    await context.close();
  });

  test('robots.txt closes the private screens and names the sitemap; the sitemap lists the public pages', async ({
    request,
    baseURL,
    accounts,
  }) => {
    const poster = await accounts.apiUser('listed');
    await createTask(poster.api, baseURL!, { title: `Listed ${uniqueToken()}` });
    const session = await (await poster.api.get(`${baseURL}/api/auth/get-session`)).json();

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const lines = (await robots.text()).split('\n');
    for (const closed of ['/api/', '/admin', '/profile', '/messages', '/my-tasks', '/my-bids']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/how-it-works', '/pricing', '/browse-tasks', '/terms']) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    expect(locs).toContain(`${baseURL}/browse-tasks?category=Design`);
    expect(locs).toContain(`${baseURL}/users/${session.user.id}`);
    // Nothing behind sign-in is listed.
    expect(locs.filter((loc) => /\/(my-|profile|messages|admin)/.test(loc!))).toEqual([]);
  });
});

test.describe('public pages with JavaScript', () => {
  test('the tab title follows the browse query and the screen is the server’s, without a gist', async ({
    page,
  }) => {
    await page.goto('/browse-tasks?search=logo&category=Design');
    await expect(page.getByRole('searchbox').first()).toBeVisible();
    await expect(page).toHaveTitle('“logo” in Design · Browse Tasks · TaskBid');
    // One heading: the screen's, not the one written for readers without JavaScript.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
    ).toHaveCount(1);
    // The screen itself was written by the server: no second gist for readers without JavaScript.
    await expect(page.locator('noscript')).toHaveCount(0);

    // Another screen of the app names itself from its own module.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveTitle('TaskBid · Get tasks done by skilled professionals');
  });

  test('the sign-in screen shown in place of a task is kept out of search results', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const poster = await accounts.apiUser('poster');
    const title = `Redirect ${uniqueToken()}`;
    await createTask(poster.api, baseURL!, { title });
    const robots = page.locator('head meta[name="robots"]');

    // From browse (an indexed page), into a task: the app shows the login screen instead.
    await page.goto(`/browse-tasks?search=${encodeURIComponent(title)}`);
    await expect(robots).toHaveCount(0);
    await page.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign in to see this task and make an offer')).toBeVisible();
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(robots).toHaveAttribute('content', 'noindex');

    // The login screen on its own address is a public page.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(robots).toHaveCount(0);
  });

  test('server-written pages paint in the stored theme at once, shift little and warn nothing', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const load = await watchPageLoad(page, 'dark');
    const requests = watchRequests(page);
    const shifts: string[] = [];
    for (const [path, heading] of [
      ['/', 'Get your tasks done by skilled professionals'],
      ['/browse-tasks?category=Design', 'Discover Tasks That Match Your Skills'],
      ['/pricing', 'Pricing'],
      ['/login', 'Welcome back'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Hydrated and its data in: what hydration shifts counts too.
      await requests.settled();
      const seen = await load.read();
      expect(seen.theme, path).toBe('dark');
      expect(seen.changedAfterPaint, path).toEqual([]);
      expect(seen.layoutShift, path).toBeLessThan(0.1);
      shifts.push(`${path} ${seen.layoutShift.toFixed(4)}`);
    }
    process.stdout.write(`\nCumulative layout shift (dark theme):\n${shifts.join('\n')}\n`);
    expect(load.warnings()).toEqual([]);
    await context.close();
  });

  test('a written screen is painted before the app is asked for, and the app then takes it over', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const appScripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      );
    await expect.poll(async () => (await appScripts()).length).toBeGreaterThan(1);
    const painted = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    );
    expect(Math.min(...(await appScripts()))).toBeGreaterThanOrEqual(painted);
    // Taken over: a link moves inside the app, without loading a new page.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await page.getByRole('link', { name: 'How it works' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('while the session loads, every animation on a written page is one the compositor runs alone', async ({
    page,
  }) => {
    // The session's answer is held back, so the header keeps its loading placeholder.
    const held: { abort(): Promise<void> }[] = [];
    await page.route('**/api/auth/get-session', (route) => void held.push(route));
    for (const path of ['/', '/browse-tasks']) {
      await page.goto(path);
      // Each animated property; anything but transform and opacity is repainted every frame.
      const animated = () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .flatMap(
              (animation) =>
                (animation.effect as KeyframeEffect | null)
                  ?.getKeyframes()
                  .flatMap((frame) =>
                    Object.keys(frame).filter(
                      (key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key),
                    ),
                  ) ?? [],
            ),
        );
      await expect.poll(async () => (await animated()).length, path).toBeGreaterThan(0);
      expect(
        (await animated()).filter((property) => !['transform', 'opacity'].includes(property)),
        path,
      ).toEqual([]);
    }
    await Promise.all(held.map((route) => route.abort()));
  });
});
