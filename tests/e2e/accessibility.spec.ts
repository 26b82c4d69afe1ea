/**
 * WCAG 2.2 A/AA (axe-core) on every route of the app, signed out and signed in, in the light
 * and the dark theme, at 375 and 1280 px, plus the open states that matter (search dialog,
 * mobile menu, user dropdown, notifications panel, accept and delete confirmations). One browser page per test walks its
 * screens once per width and theme (viewport resized, `theme` set in local storage), and the
 * test fails at the end with every violation found: rule, impact, targets, screen, theme, width.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accountButton } from './support/test.ts';
import {
  createTask,
  expect,
  newApiUser,
  placeBid,
  signUpPage,
  test,
  uniqueToken,
} from './tasks/support.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const PHONE = [375] as const;

interface Screen {
  /** How a failure names the screen (the path when omitted). */
  name?: string;
  path: string;
  /** The h1 that says the screen has rendered. */
  heading: string | RegExp;
  /** The address after redirects, when it is not `path`. */
  landsOn?: string;
  widths?: readonly number[];
  /** Waits for what loads after the heading, or opens a state (dialog, menu). */
  then?: (page: Page) => Promise<void>;
}

/** No spinner, no navigation bar, and no finite animation or transition still running. */
async function settle(page: Page, where: string) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          document
            .getAnimations()
            // Time-based and finite: daisyUI's scroll-driven `set-page-has-scroll` never ends.
            .filter((a) => a.playState === 'running' && a.timeline === document.timeline)
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) =>
              a instanceof CSSTransition
                ? a.transitionProperty
                : a instanceof CSSAnimation
                  ? a.animationName
                  : 'animation',
            ),
        ),
      { message: `animations still running on ${where}` },
    )
    .toEqual([]);
}

async function scanAll(page: Page, screens: readonly Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const screen of screens.filter((s) => (s.widths ?? WIDTHS).includes(width))) {
        const where = `${screen.name ?? screen.path} · ${theme} · ${width}px`;
        await page.goto(screen.path);
        await expect(page, where).toHaveURL(
          (url) => url.pathname === (screen.landsOn ?? screen.path.split('?')[0]),
        );
        await expect(
          page.getByRole('heading', { level: 1, name: screen.heading }),
          where,
        ).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.dataset.theme), where).toBe(
          theme,
        );
        await screen.then?.(page);
        await settle(page, where);
        const { violations } = await new AxeBuilder({ page })
          .withTags(TAGS)
          .setLegacyMode() // axe in the page itself: no iframes here, and 2x faster
          .analyze();
        for (const v of violations) {
          const targets = v.nodes.slice(0, 6).map((n) => `      ${n.target.join(' ')}`);
          const more = v.nodes.length > 6 ? [`      … and ${v.nodes.length - 6} more`] : [];
          found.push(
            [`${v.id} (${v.impact}) on ${where}: ${v.help}`, ...targets, ...more].join('\n'),
          );
        }
      }
    }
  }
  return found;
}

function expectNone(found: string[]) {
  expect(found, `${found.length} WCAG 2.2 AA violation(s):\n${found.join('\n')}`).toEqual([]);
}

// Header states, signed in or out.
const searchDialog: Screen = {
  name: 'search dialog (over /pricing)',
  path: '/pricing',
  heading: 'Pricing',
  then: async (page) => {
    await page.evaluate(() =>
      localStorage.setItem('recentSearches', JSON.stringify(['logo design', 'react developer'])),
    );
    await page.getByRole('banner').getByRole('button', { name: 'Search tasks' }).click();
    await expect(page.getByRole('dialog', { name: 'Search tasks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'logo design' })).toBeVisible();
  },
};
const mobileMenu: Screen = {
  name: 'mobile menu (over /terms)',
  path: '/terms',
  heading: 'Terms of Service',
  widths: PHONE,
  then: async (page) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  },
};
const CONTENT_PAGES: Screen[] = [
  { path: '/how-it-works', heading: 'How It Works' },
  { path: '/how-to-works', heading: 'How It Works' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/cookies', heading: 'Cookies Policy' },
  { name: '404', path: '/no-such-page', heading: 'Page Not Found' },
];
const home: Screen = {
  path: '/',
  heading: /./,
  then: async (page) => {
    await expect(page.getByRole('list', { name: 'Loading featured tasks' })).toHaveCount(0);
    await expect(
      page
        .getByRole('region', { name: 'Browse by Category' })
        .getByText(/^\d+ tasks?$/)
        .first(),
    ).toBeVisible();
  },
};

test.describe('accessibility matrix (axe, WCAG 2.2 AA)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out: home, login, signup, browse, and protected routes (→ /login)', async ({
    page,
    baseURL,
  }) => {
    const owner = await newApiUser(baseURL!, 'a11y-owner');
    const token = uniqueToken('a11yout');
    const id = await createTask(owner.api, baseURL!, { title: `Visible ${token}` });
    await owner.api.dispose();
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

  test('signed in: task screens, my bids, the accept and delete dialogs, notifications', async ({
    page,
    baseURL,
  }) => {
    await signUpPage(page, baseURL!, 'a11y');
    const token = uniqueToken('a11yin');
    const mine = await createTask(page.request, baseURL!, {
      title: `Mine ${token}`,
      status: 'In Progress',
      priority: 'Urgent',
    });
    const quiet = await createTask(page.request, baseURL!, {
      title: `Quiet ${token}`,
      status: 'On Hold',
    });
    const other = await newApiUser(baseURL!, 'a11y-other');
    const theirs = await createTask(other.api, baseURL!, { title: `Theirs ${token}`, budget: 300 });
    for (const amount of [100, 110, 120]) {
      await placeBid(other.api, baseURL!, mine, amount, 'I have done this before.');
    }
    await placeBid(page.request, baseURL!, theirs, 250, 'Happy to help.');
    await other.api.dispose();
    await page.goto('/my-tasks');

    expectNone(
      await scanAll(page, [
        {
          name: '/browse-tasks (search results)',
          path: `/browse-tasks?search=${token}`,
          heading: 'Discover Tasks That Match Your Skills',
          then: (page) =>
            expect(page.getByRole('heading', { name: `Theirs ${token}` })).toBeVisible(),
        },
        {
          name: '/browse-tasks/:id (bid form)',
          path: `/browse-tasks/${theirs}`,
          heading: `Theirs ${token}`,
        },
        {
          name: '/browse-tasks/:id (own task)',
          path: `/browse-tasks/${mine}`,
          heading: `Mine ${token}`,
        },
        { path: '/add-task', heading: 'Create a New Task' },
        {
          name: '/my-tasks (with tasks)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: (page) =>
            expect(page.getByRole('button', { name: `Delete Quiet ${token}` })).toBeVisible(),
        },
        { name: '/update-task/:id', path: `/update-task/${mine}`, heading: 'Update Task' },
        {
          name: '/view-bids/:id (with bids)',
          path: `/view-bids/${mine}`,
          heading: `Bids for: Mine ${token}`,
        },
        {
          name: '/view-bids/:id (no bids)',
          path: `/view-bids/${quiet}`,
          heading: `Bids for: Quiet ${token}`,
        },
        {
          name: '/view-bids/:id (not your task)',
          path: `/view-bids/${theirs}`,
          heading: 'This is not your task',
        },
        {
          name: '/my-bids (with a bid)',
          path: '/my-bids',
          heading: 'My Bids',
          then: (page) =>
            expect(
              page.getByRole('main').getByText(`Theirs ${token}`).filter({ visible: true }).first(),
            ).toBeVisible(),
        },
        {
          name: 'accept dialog (over /view-bids/:id)',
          path: `/view-bids/${mine}`,
          heading: `Bids for: Mine ${token}`,
          then: async (page) => {
            await page.getByRole('button', { name: 'Accept' }).first().click();
            await expect(page.getByRole('alertdialog', { name: 'Accept this bid?' })).toBeVisible();
          },
        },
        {
          // Over a page with no controls under the panel, like the user dropdown: over the
          // /my-tasks table axe counts the row buttons it half covers as too small (target-size).
          name: 'notifications panel (over /privacy-policy)',
          path: '/privacy-policy',
          heading: 'Privacy Policy',
          then: async (page) => {
            await page
              .getByRole('banner')
              .getByRole('button', { name: /^Notifications/ })
              .click();
            await expect(
              page.getByRole('heading', { level: 2, name: 'Notifications' }),
            ).toBeVisible();
          },
        },
        {
          name: 'delete dialog (over /my-tasks)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: async (page) => {
            await page.getByRole('button', { name: `Delete Mine ${token}` }).click();
            await expect(
              page.getByRole('alertdialog', { name: 'Delete this task?' }),
            ).toBeVisible();
          },
        },
      ]),
    );
  });

  test('signed in: home, profile, content pages, empty my-tasks and my-bids, header states', async ({
    page,
    baseURL,
  }) => {
    await signUpPage(page, baseURL!, 'a11y-new');
    await page.goto('/profile');
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page, `${path} when signed in`).toHaveURL((url) => url.pathname === '/');
    }

    expectNone(
      await scanAll(page, [
        home,
        { path: '/profile', heading: 'Profile Settings' },
        {
          name: '/my-tasks (empty)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: (page) =>
            expect(page.getByRole('heading', { name: 'No tasks posted yet' })).toBeVisible(),
        },
        {
          name: '/my-bids (empty)',
          path: '/my-bids',
          heading: 'My Bids',
          then: (page) =>
            expect(
              page.getByRole('heading', { name: 'You have not placed any bids yet.' }),
            ).toBeVisible(),
        },
        ...CONTENT_PAGES,
        {
          name: 'user dropdown (over /cookies)',
          path: '/cookies',
          heading: 'Cookies Policy',
          then: async (page) => {
            await accountButton(page).click();
            await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
          },
        },
        searchDialog,
        mobileMenu,
      ]),
    );
  });
});
