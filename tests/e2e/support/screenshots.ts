/**
 * Takes full-page screenshots of every screen of the app shell at 375 px and 1280 px, in the
 * light and the dark theme, into screenshots/ (git-ignored). Run with Node 24:
 *   node_modules/.bin/node tests/e2e/support/screenshots.ts [name-filter]
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStack } from './stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';

const OUT = resolve(import.meta.dirname, '../../../screenshots');
const WIDTHS = [375, 1280];
const THEMES = ['light', 'dark'] as const;

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Runs after the page has loaded, before the screenshot. */
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/', prepare: (p) => p.getByText('Featured Tasks').waitFor() },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'how-it-works', path: '/how-it-works' },
  { name: 'pricing', path: '/pricing' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms', path: '/terms' },
  { name: 'cookies', path: '/cookies' },
  {
    name: 'search-dialog',
    path: '/pricing',
    fullPage: false,
    prepare: async (page) => {
      await page.evaluate(() =>
        localStorage.setItem('recentSearches', JSON.stringify(['logo design', 'react developer'])),
      );
      await page.getByRole('banner').getByRole('button', { name: 'Search tasks' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'user-menu',
    path: '/pricing',
    signedIn: true,
    fullPage: false,
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    },
  },
  {
    name: 'mobile-menu',
    path: '/pricing',
    fullPage: false,
    prepare: async (page) => {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (await toggle.isVisible()) await toggle.click();
    },
  },
  {
    name: 'signup-errors',
    path: '/signup',
    prepare: async (page) => {
      // Spaces pass the browser's `required`; the server refuses the name they trim to.
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
      await main
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill(`errors-${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByText('Name is required').waitFor();
    },
  },
  {
    name: 'add-task-errors',
    path: '/add-task',
    signedIn: true,
    prepare: async (page) => {
      await page.getByLabel('Task Title').fill('   ');
      await page.getByLabel('Priority Level').selectOption('Low');
      await page.getByLabel('Category').selectOption('Design');
      await page.getByLabel('Deadline').fill('2030-09-15');
      await page.getByLabel('Task Description').fill('   ');
      await page.getByRole('button', { name: 'Create Task' }).click();
      await page
        .getByRole('dialog', { name: 'Error!' })
        .getByRole('button', { name: 'OK' })
        .click();
      await page.getByText('Task Title is required').waitFor();
    },
  },
  {
    name: 'newsletter-error',
    path: '/terms',
    fullPage: false,
    prepare: async (page) => {
      const region = page.getByRole('region', { name: 'Stay Updated' });
      await region.getByRole('textbox').fill('not-an-email');
      await region.getByRole('button', { name: 'Subscribe Now' }).click();
      await region.scrollIntoViewIfNeeded();
    },
  },
];

async function main() {
  const filter = process.argv[2];
  mkdirSync(join(OUT, 'parts'), { recursive: true });
  const stack = await startStack({ seed: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const email = `shots-${Date.now()}@example.com`;
    const password = 'screenshots-password';
    await fetch(`${stack.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.baseURL },
      body: JSON.stringify({ name: 'Alex Morgan', email, password }),
    });
    for (const shot of SHOTS.filter((s) => !filter || s.name.includes(filter))) {
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          const context = await browser.newContext({
            baseURL: stack.baseURL,
            viewport: { width, height: width < 640 ? 812 : 900 },
            reducedMotion: 'reduce',
          });
          await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
          const page = await context.newPage();
          if (shot.signedIn) {
            await page.goto('/login');
            await page
              .getByRole('main')
              .getByRole('textbox', { name: 'Email', exact: true })
              .fill(email);
            await page.getByLabel('Password', { exact: true }).fill(password);
            await page.getByRole('button', { name: 'Login', exact: true }).click();
            await page.getByRole('button', { name: /^Account menu for / }).waitFor();
          }
          await page.goto(shot.path);
          await page.waitForLoadState('networkidle');
          await shot.prepare?.(page);
          const file = join(OUT, `${shot.name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: shot.fullPage ?? true });
          if (process.env.SCREENSHOT_PARTS && (shot.fullPage ?? true)) {
            // Tall pages also in screen-sized parts, which are easier to look at closely.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            const step = width < 640 ? 700 : 900;
            for (let y = 0, part = 1; y < height; y += step, part += 1) {
              await page.screenshot({
                path: join(OUT, 'parts', `${shot.name}-${width}-${theme}-${part}.png`),
                fullPage: true,
                clip: { x: 0, y, width, height: Math.min(step, height - y) },
              });
            }
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
