/**
 * Screenshots of task alerts: the "Save this search" dialog on Browse Tasks, the Task alerts
 * settings (a list, and the empty state) and the bell with an alert, at 375 and 1280 px,
 * light and dark. Starts its own stack:
 *   node tests/e2e/support/alerts-screenshots.ts [out-dir, default screenshots/alerts]
 */
import { chromium, request, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';
import { startStack, TEST_ALERTS_PATH } from './stack.ts';

const OUT = resolve(process.argv[2] ?? 'screenshots/alerts');
mkdirSync(OUT, { recursive: true });
const stack = await startStack();
const baseURL = stack.baseURL;
const headers = { origin: baseURL };

async function account(name: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.com`;
  const password = `pass-${randomUUID()}`;
  const res = await api.post('/api/auth/sign-up/email', { data: { name, email, password } });
  if (!res.ok()) throw new Error(`sign-up ${res.status()}`);
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  return { api, email, password };
}

const alex = await account('Alex Morgan');
const empty = await account('Eve Empty');
const poster = await account('Pat Poster');
for (const [name, criteria, frequency] of [
  ['Logo design', { search: 'logo', category: 'Design', minPrice: '100' }, 'instant'],
  [
    'Remote copywriting in English and French',
    { skills: 'copywriting, french', location: 'Remote' },
    'paused',
  ],
] as const) {
  const res = await alex.api.post('/api/saved-searches', { data: { name, criteria, frequency } });
  if (!res.ok()) throw new Error(`save ${res.status()} ${await res.text()}`);
}
await poster.api.post('/api/tasks', {
  data: {
    title: 'A logo for a bakery',
    description: 'A friendly logo.',
    imageUrl: '',
    priority: 'Medium',
    category: 'Design',
    deadline: '2030-06-30',
    budget: 400,
    status: 'Not Started',
    location: 'Remote',
  },
});
await alex.api.post(TEST_ALERTS_PATH);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const open = async (who: { email: string; password: string }) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width < 640 ? 812 : 900 },
        reducedMotion: 'reduce',
      });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
      await page.request.post('/api/auth/sign-in/email', {
        data: { email: who.email, password: who.password },
        headers,
      });
      return page;
    };
    const shot = (page: Page, name: string, fullPage = true) =>
      page.screenshot({ path: join(OUT, `${name}-${width}-${theme}.png`), fullPage });

    const page = await open(alex);
    await page.goto('/browse-tasks?search=illustration&category=Design');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'save-search-dialog', false);
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('Saved “illustration”').waitFor();
    await shot(page, 'save-search-saved', false);
    await page.goto('/profile/alerts');
    await page.getByRole('region', { name: 'Task alerts' }).waitFor();
    await shot(page, 'settings-task-alerts');
    await page.getByRole('button', { name: 'Rename Logo design' }).click();
    await shot(page, 'settings-task-alerts-rename');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete illustration' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'settings-task-alerts-delete', false);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('list', { name: 'Recent notifications' }).waitFor();
    await shot(page, 'bell-alert', false);
    await page.context().close();

    const other = await open(empty);
    await other.goto('/profile/alerts');
    await other.getByText('You have no saved searches yet.').waitFor();
    await shot(other, 'settings-task-alerts-empty');
    await other.context().close();
  }
}
await browser.close();
await stack.stop();
