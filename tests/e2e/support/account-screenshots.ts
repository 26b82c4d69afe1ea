/**
 * Screenshots of the account settings (each section at its address, the phone menu open, the
 * delete dialog, a form with errors), the goodbye on the home page and the unsubscribe page (to confirm, done,
 * invalid link) at 375 and 1280 px, light and dark. Starts its own stack:
 *   node tests/e2e/support/account-screenshots.ts [out-dir, default screenshots/account]
 */
import { chromium, request, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';
import { mailsTo } from './mailbox.ts';
import { startStack } from './stack.ts';

const OUT = resolve(process.argv[2] ?? 'screenshots/account');
mkdirSync(OUT, { recursive: true });
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SECTIONS = [
  ['/profile', 'Profile'],
  ['/profile/public-profile', 'Public profile'],
  ['/profile/password', 'Change password'],
  ['/profile/email', 'Change e-mail'],
  ['/profile/sessions', 'Active sessions'],
  ['/profile/notifications', 'Notification preferences'],
  ['/profile/blocked-people', 'Blocked people'],
  ['/profile/data', 'Download my data'],
  ['/profile/delete-account', 'Delete account'],
] as const;

const stack = await startStack();
const baseURL = stack.baseURL;
// The mailbox reads the test server's received mail at this address.
process.env.E2E_BASE_URL = baseURL;
const headers = { origin: baseURL };

async function account(name: string, userAgent?: string) {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { ...headers, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.com`;
  const password = `pass-${randomUUID()}`;
  const res = await api.post('/api/auth/sign-up/email', { data: { name, email, password } });
  if (!res.ok()) throw new Error(`sign-up ${res.status()}`);
  // A sign-up signs nobody in: sign in.
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  return { api, email, password };
}

// Alex has a second session on a phone, a task with a bid (so a mail with an unsubscribe link).
const alex = await account('Alex Morgan', PHONE_AGENT);
const sam = await account('Sam Bidder');
const created = await alex.api.post('/api/tasks', {
  data: {
    title: 'Design a logo for a bakery',
    description: 'A friendly logo.',
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
const taskId = ((await created.json()) as { insertedId: string }).insertedId;
await sam.api.post('/api/bids', {
  data: { taskId, amount: 350, deadline: '2030-05-01', message: 'Happy to help.' },
});
let link: string | undefined;
for (let i = 0; i < 100 && !link; i += 1) {
  const mails = await mailsTo(alex.email);
  link = mails.flatMap((m) => m.links).find((l) => l.includes('/unsubscribe?token='));
  if (!link) await new Promise((r) => setTimeout(r, 200));
}
if (!link) throw new Error('no unsubscribe link arrived');
const token = new URL(link).searchParams.get('token')!;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const open = async (signedIn: boolean) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width < 640 ? 812 : 900 },
        reducedMotion: 'reduce',
      });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
      if (signedIn)
        await page.request.post('/api/auth/sign-in/email', {
          data: { email: alex.email, password: alex.password },
          headers,
        });
      return page;
    };
    const shot = (page: Page, name: string, fullPage = true) =>
      page.screenshot({ path: join(OUT, `${name}-${width}-${theme}.png`), fullPage });

    const page = await open(true);
    for (const [path, name] of SECTIONS) {
      await page.goto(path);
      const section = page.getByRole('region', { name, exact: true });
      await section.waitFor();
      if (name === 'Active sessions') await section.getByRole('listitem').first().waitFor();
      await shot(page, `settings-${name.toLowerCase().replace(/\W+/g, '-')}`);
    }
    if (width < 640) {
      await page.getByRole('button', { name: /^Settings section/ }).click();
      await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
      await shot(page, 'settings-phone-menu', false);
    }
    await page.goto('/profile/notifications');
    await page.getByRole('switch', { name: 'My bid was declined' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Notification preferences' })
      .screenshot({ path: join(OUT, `section-notifications-saved-${width}-${theme}.png`) });
    await page.getByRole('switch', { name: 'My bid was declined' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.goto('/profile/password');
    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password').fill('a-new-password-1');
    await password.getByLabel('Confirm password').fill('a-new-password-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('That is not your current password.').waitFor();
    await password.screenshot({ path: join(OUT, `section-password-error-${width}-${theme}.png`) });
    await page.goto('/profile/delete-account');
    await page
      .getByRole('region', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'delete-dialog', false);
    await page.context().close();

    const visitor = await open(false);
    await visitor.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await visitor.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    await shot(visitor, 'unsubscribe');
    await visitor.goto('/unsubscribe?token=not-a-real-token');
    await visitor.getByText('This unsubscribe link is not valid.').waitFor();
    await shot(visitor, 'unsubscribe-invalid');
    await visitor.goto('/?account=deleted');
    await visitor.getByRole('dialog', { name: 'Your account has been deleted' }).waitFor();
    await visitor.waitForTimeout(300);
    await shot(visitor, 'home-goodbye', false);
    await visitor.context().close();
  }
}
// The page after "Unsubscribe" (turns the mail off, so last).
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 812 } });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    if (await button.isVisible()) await button.click();
    await page.getByText('You are unsubscribed.').waitFor();
    await page.screenshot({
      path: join(OUT, `unsubscribe-done-${width}-${theme}.png`),
      fullPage: true,
    });
    await context.close();
  }
}
await browser.close();
await stack.stop();
