/**
 * Screenshots of the task screens at 375 and 1280 px, light and dark, into screenshots/
 * (git-ignored). Run against a server with the demo data:
 *   SHOT_BASE_URL=http://127.0.0.1:3000 node tests/e2e/tasks/take-screenshots.ts
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';

const baseURL = process.env.SHOT_BASE_URL ?? 'http://127.0.0.1:3000';
const only = process.env.SHOT_ONLY;
const OWNER = { email: 'ava@example.com', password: 'taskbid-demo' };
const OTHER = { email: 'ben@example.com', password: 'taskbid-demo' };

mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

async function signedInPage(who: typeof OWNER, width: number, theme: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`[console] ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: who,
    headers: { origin: baseURL },
  });
  if (!res.ok()) throw new Error(`sign-in ${res.status()}`);
  return page;
}

async function firstTaskId(page: Page, mine: boolean): Promise<string> {
  const me = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { email: string };
  };
  const list = (await (
    await page.request.get(`/api/tasks${mine ? `?email=${encodeURIComponent(me.user.email)}` : ''}`)
  ).json()) as { _id: string }[];
  return list[0]!._id;
}

for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const page = await signedInPage(OWNER, width, theme);
    const mine = await firstTaskId(page, true);
    const other = await firstTaskId(await signedInPage(OTHER, width, theme), true);
    const shots: [string, string][] = [
      ['add-task', '/add-task'],
      ['my-tasks', '/my-tasks'],
      ['browse', '/browse-tasks'],
      ['browse-filtered', '/browse-tasks?category=Design&sort=priceHigh&page=1'],
      ['detail-own', `/browse-tasks/${mine}`],
      ['detail-other', `/browse-tasks/${other}`],
      ['update', `/update-task/${mine}`],
      ['view-bids', `/view-bids/${mine}`],
      ['view-bids-not-owner', `/view-bids/${other}`],
    ];
    for (const [name, path] of shots) {
      if (only && !name.includes(only)) continue;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (name === 'browse-filtered')
        await page
          .getByRole('button', { name: 'Show Filters' })
          .click()
          .catch(() => {});
      const file = `screenshots/tasks-${name}-${width}-${theme}`;
      await page.screenshot({ path: `${file}.png`, fullPage: true });
      if (width < 768) {
        // Phone pages are long: also two readable slices of the top.
        const clip = (y: number) => ({ x: 0, y, width, height: 1400 });
        await page.screenshot({ path: `${file}-a.png`, fullPage: true, clip: clip(0) });
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        if (height > 1500) {
          await page.screenshot({ path: `${file}-b.png`, fullPage: true, clip: clip(1400) });
        }
      }
    }
    if (!only || 'dialog'.includes(only)) {
      await page.goto('/my-tasks');
      await page
        .getByRole('button', { name: /^Delete/ })
        .filter({ visible: true })
        .first()
        .click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `screenshots/tasks-dialog-delete-${width}-${theme}.png` });
    }
    await page.context().close();
  }
}
await browser.close();
console.log('done');
