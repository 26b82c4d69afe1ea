/**
 * Screenshots of the bid lifecycle screens (view-bids with an accepted bid, /my-bids, the bell
 * open) at 375 and 1280 px, light and dark, into screenshots/lifecycle (git-ignored).
 * Starts its own stack with an in-memory database:
 *   node tests/e2e/lifecycle/take-screenshots.ts
 */
import { chromium, request, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { startStack } from '../support/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';

const stack = await startStack();
const baseURL = stack.baseURL;
const headers = { origin: baseURL };
mkdirSync('screenshots/lifecycle', { recursive: true });

async function account(name: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.com`;
  const password = `pass-${randomUUID()}`;
  const res = await api.post('/api/auth/sign-up/email', { data: { name, email, password } });
  if (!res.ok()) throw new Error(`sign-up ${res.status()}`);
  // A sign-up signs nobody in: sign in.
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  return { api, email, password };
}

async function task(api: APIRequestContext, title: string): Promise<string> {
  const res = await api.post('/api/tasks', {
    data: {
      title,
      description: 'A few hours of careful work.',
      imageUrl: '',
      priority: 'Medium',
      category: 'Design',
      deadline: '2030-06-30',
      estimatedTime: 6,
      budget: 400,
      status: 'Not Started',
      location: 'Remote',
    },
  });
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function bid(api: APIRequestContext, taskId: string, amount: number, message: string) {
  const res = await api.post('/api/bids', {
    data: { taskId, amount, deadline: '2030-05-01', message },
  });
  return ((await res.json()) as { insertedId: string }).insertedId;
}

const owner = await account('Ava Owner');
const maya = await account('Maya Bidder');
const leo = await account('Leo Rival');
const logo = await task(owner.api, 'Design a logo for a bakery');
const site = await task(owner.api, 'Build a landing page');
const copy = await task(leo.api, 'Write product descriptions');
const mayaLogo = await bid(maya.api, logo, 350, 'I have designed logos for three bakeries.');
await bid(leo.api, logo, 300, 'Quick turnaround.');
await bid(maya.api, site, 900, 'Responsive and fast.');
const leoSite = await bid(leo.api, site, 850, 'Done this before.');
await bid(maya.api, copy, 120, 'Happy to help.');
await owner.api.post(`/api/bids/${mayaLogo}/accept`);
await owner.api.post(`/api/bids/${leoSite}/accept`);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const shoot = async (who: typeof owner, name: string, path: string, bell = false) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
      await page.request.post('/api/auth/sign-in/email', {
        data: { email: who.email, password: who.password },
        headers,
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      if (bell) {
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('list', { name: 'Recent notifications' }).waitFor();
      }
      await page.screenshot({
        path: `screenshots/lifecycle/${name}-${width}-${theme}.png`,
        fullPage: !bell,
      });
      await context.close();
    };
    await shoot(owner, 'view-bids-accepted', `/view-bids/${logo}`);
    await shoot(maya, 'my-bids', '/my-bids');
    await shoot(maya, 'bell-open', '/my-bids', true);
  }
}
await browser.close();
await stack.stop();
