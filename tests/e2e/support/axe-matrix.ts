/**
 * The accessibility matrix's shared parts: WCAG 2.2 A/AA (axe-core) scans of screens in the
 * light and the dark theme at 375 and 1280 px, and the 3:1 boundary of every form control
 * (control-borders.ts), which axe leaves out. One browser page walks its screens once per
 * width and theme (viewport resized, `theme` set in local storage); `expectNone` fails at the
 * end with every violation found: rule, impact, targets, screen, theme, width.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../tasks/support.ts';
import { MIN_CONTROL_CONTRAST, weakControlBorders } from './control-borders.ts';
import { offerToInstall } from './install-offer.ts';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'dark'] as const;
export const PHONE = [375] as const;

export interface Screen {
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
export async function settle(page: Page, where: string) {
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

export async function scanAll(page: Page, screens: readonly Screen[]): Promise<string[]> {
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
        for (const c of await weakControlBorders(page)) {
          found.push(
            `control-border on ${where}: ${c.control} boundary ${c.border} on ${c.behind} is ${c.contrast}:1, under ${MIN_CONTROL_CONTRAST}:1 (WCAG 1.4.11)`,
          );
        }
      }
    }
  }
  return found;
}

export function expectNone(found: string[]) {
  expect(found, `${found.length} WCAG 2.2 AA violation(s):\n${found.join('\n')}`).toEqual([]);
}

// Header states, signed in or out.
export const searchDialog: Screen = {
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
export const mobileMenu: Screen = {
  name: 'mobile menu (over /terms)',
  path: '/terms',
  heading: 'Terms of Service',
  widths: PHONE,
  then: async (page) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  },
};
export const CONTENT_PAGES: Screen[] = [
  { path: '/how-it-works', heading: 'How It Works' },
  { path: '/how-to-works', heading: 'How It Works' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/cookies', heading: 'Cookies Policy' },
  { name: '404', path: '/no-such-page', heading: 'Page Not Found' },
];
// The installable app: /install without and with the browser's offer, and the offline page
// the service worker shows (a file of its own, scanned where the server serves it).
export const INSTALL_SCREENS: Screen[] = [
  { path: '/install', heading: 'Install TaskBid' },
  {
    name: '/install (the browser offers to install)',
    path: '/install',
    heading: 'Install TaskBid',
    then: async (page) => {
      await offerToInstall(page);
      await expect(page.getByRole('button', { name: 'Install TaskBid' })).toBeVisible();
    },
  },
  { name: 'offline page', path: '/offline.html', heading: "You're offline" },
];
export const home: Screen = {
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

// The account settings: every section at its own address, the delete dialog, the phone menu.
export const settingsSection = (path: string, title: string, then?: Screen['then']): Screen => ({
  name: `${path} (${title})`,
  path,
  heading: 'Profile Settings',
  then: async (page) => {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await then?.(page);
  },
});
export const SETTINGS_SCREENS: Screen[] = [
  settingsSection('/profile', 'Profile'),
  settingsSection('/profile/public-profile', 'Public profile'),
  settingsSection('/profile/password', 'Change password'),
  settingsSection('/profile/email', 'Change e-mail'),
  settingsSection('/profile/sessions', 'Active sessions', (page) =>
    expect(page.getByText('This device', { exact: true })).toBeVisible(),
  ),
  settingsSection('/profile/notifications', 'Notification preferences'),
  settingsSection('/profile/notices', 'Account notices'),
  settingsSection('/profile/alerts', 'Task alerts', (page) =>
    expect(page.getByText('You have no saved searches yet.')).toBeVisible(),
  ),
  {
    name: 'save search dialog (over /browse-tasks)',
    path: '/browse-tasks?search=logo&category=Design',
    heading: 'Discover Tasks That Match Your Skills',
    then: async (page) => {
      await page.getByRole('button', { name: 'Save this search' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Save this search' })).toBeVisible();
    },
  },
  settingsSection('/profile/blocked-people', 'Blocked people', (page) =>
    expect(page.getByText('You have not blocked anyone.')).toBeVisible(),
  ),
  settingsSection('/profile/data', 'Download my data'),
  settingsSection('/profile/delete-account', 'Delete account'),
  {
    ...settingsSection('/profile/delete-account', 'Delete account', async (page) => {
      await page
        .getByRole('region', { name: 'Delete account' })
        .getByRole('button', { name: 'Delete account' })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    }),
    name: '/profile/delete-account (delete account dialog)',
  },
  {
    ...settingsSection('/profile/sessions', 'Active sessions', async (page) => {
      await page.getByRole('button', { name: /^Settings section/ }).click();
      await expect(
        page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link'),
      ).toHaveCount(11);
    }),
    name: '/profile/sessions (the phone menu open)',
    widths: PHONE,
  },
];

// One offer per person: the bidder's own offer on a task page, and withdrawing it.
/** A task page where the signed-in user has an offer (pending or withdrawn). */
export const yourOffer = (
  path: string,
  heading: string,
  state: 'Pending' | 'Withdrawn',
): Screen => ({
  name: `/browse-tasks/:id (your offer, ${state.toLowerCase()})`,
  path,
  heading,
  then: (page) => expect(page.getByRole('region', { name: 'Your offer' })).toContainText(state),
});
/** The Withdraw question over a task page where the signed-in user has a pending offer. */
export const withdrawDialog = (path: string, heading: string): Screen => ({
  name: 'withdraw dialog (over /browse-tasks/:id)',
  path,
  heading,
  then: async (page) => {
    await page
      .getByRole('region', { name: 'Your offer' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Withdraw your bid?' })).toBeVisible();
  },
});

// Photo uploads: a picked photo previewed before it is saved, and a file refused at once.
/** A small photo, as a file the pickers take. */
export const pickedPhoto = (name: string, buffer: Buffer) => ({
  name,
  mimeType: 'image/png',
  buffer,
});
/** The profile section with a photo picked (its preview in the avatar and under the picker). */
export const profilePhotoPicked = (buffer: Buffer): Screen => ({
  ...settingsSection('/profile', 'Profile', async (page) => {
    await page.getByLabel('Upload a photo').setInputFiles(pickedPhoto('me.png', buffer));
    await expect(page.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  }),
  name: '/profile (a photo picked, previewed)',
});
/** The update form of a task with photos: one marked for removal, two new ones previewed, one refused. */
export const taskPhotosPicked = (taskId: string, buffer: Buffer): Screen => ({
  name: '/update-task/:id (photos: one marked, two picked, one refused)',
  path: `/update-task/${taskId}`,
  heading: 'Update Task',
  then: async (page) => {
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page
      .getByLabel('Task Photos')
      .setInputFiles([
        pickedPhoto('a.png', buffer),
        pickedPhoto('b.png', buffer),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no') },
      ]);
    await expect(page.getByRole('img', { name: 'Preview of b.png' })).toBeVisible();
    await expect(page.getByText('notes.txt is not a JPEG')).toBeVisible();
  },
});

/**
 * The operator console's screens, its suspend dialog with a refused reason and a reported
 * task's page (an admin's view).
 */
export function consoleScreens(
  person: { id: string; name: string },
  task: { id: string; title: string },
): Screen[] {
  return [
    { name: '/admin (dashboard)', path: '/admin', heading: 'Dashboard' },
    {
      name: '/admin/queue (an item)',
      path: '/admin/queue',
      heading: 'Review queue',
      then: (page) => expect(page.getByRole('article').first()).toBeVisible(),
    },
    {
      name: '/admin/people',
      path: `/admin/people?q=${encodeURIComponent(person.name)}`,
      heading: 'People',
      landsOn: '/admin/people',
    },
    { name: '/admin/people/:id', path: `/admin/people/${person.id}`, heading: person.name },
    {
      name: 'suspend dialog, a refused reason (over /admin/people/:id)',
      path: `/admin/people/${person.id}`,
      heading: person.name,
      then: async (page) => {
        await page.getByRole('button', { name: 'Suspend' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Suspend this account?' });
        await dialog
          .getByLabel('Suspended until')
          .fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
        await dialog.getByLabel('Rule broken').selectOption('spam');
        await dialog.getByLabel('Reason').fill('   ');
        await dialog.getByRole('button', { name: 'Suspend' }).click();
        await expect(dialog.getByText('Say why: the audit log keeps the reason')).toBeVisible();
      },
    },
    { name: '/admin/appeals', path: '/admin/appeals', heading: 'Appeals' },
    { name: '/admin/tasks/:id', path: `/admin/tasks/${task.id}`, heading: task.title },
    { name: '/admin/audit-log', path: '/admin/audit-log', heading: 'Audit log' },
    { name: '/admin/settings', path: '/admin/settings', heading: 'Settings' },
  ];
}

// Payment protection (a stack with payments on: tests/e2e/payments/screens.spec.ts).
export interface PaymentScreenIds {
  /** A deal waiting for the signed-in poster's payment. */
  unpaidDealId: string;
  /** A task whose deal the signed-in user is a side of. */
  dealTaskId: string;
}

/** The pay screen, a task's deal panel, the payout and earnings settings. */
export const paymentScreens = (ids: PaymentScreenIds): Screen[] => [
  {
    name: 'pay screen',
    path: `/deals/${ids.unpaidDealId}/pay`,
    heading: 'Secure the payment',
    then: (page) => expect(page.getByText('Test mode: no real money moves.')).toBeVisible(),
  },
  {
    name: 'task page with its deal panel',
    path: `/browse-tasks/${ids.dealTaskId}`,
    heading: /./,
    then: (page) => expect(page.getByRole('region', { name: 'Payment protection' })).toBeVisible(),
  },
  {
    ...settingsSection('/profile/payments', 'Payments'),
    then: (page) => expect(page.getByText(/^Payouts:/)).toBeVisible(),
  },
  settingsSection('/profile/earnings', 'Earnings'),
];

/** The console's deals list and a deal's page (an operator signed in). */
export const consoleDealScreens = (
  disputedId: string,
  fundedId: string,
  shortId: string,
): Screen[] => [
  { name: 'console deals', path: '/admin/deals?state=', heading: 'Deals', landsOn: '/admin/deals' },
  { name: 'console deal', path: `/admin/deals/${disputedId}`, heading: 'Deal' },
  // Held money: the price steps' forms.
  { name: 'console funded deal', path: `/admin/deals/${fundedId}`, heading: 'Deal' },
  // A refund at the processor left it short: what it holds, and the settlement's form.
  {
    name: 'console short deal',
    path: `/admin/deals/${shortId}`,
    heading: 'Deal',
    then: (page) => page.getByRole('radio', { name: 'Split: part of it to the worker' }).check(),
  },
  {
    name: 'console payment calls',
    path: '/admin/payment-calls',
    heading: 'Payment calls',
    then: (page) => page.getByText('Try again').first().click(),
  },
];
