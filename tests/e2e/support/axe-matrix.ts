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
