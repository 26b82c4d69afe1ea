/**
 * Takes full-page screenshots of every screen of the app shell at 375 px and 1280 px, in the
 * light and the dark theme, into screenshots/ (git-ignored). Run with Node 24:
 *   node_modules/.bin/node tests/e2e/support/screenshots.ts [name-filter]
 */
import { chromium, request, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { refusedDeadline } from './form-states.ts';
import { startStack, TEST_ROLES_PATH } from './stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';

const OUT = resolve(import.meta.dirname, '../../../screenshots');
const WIDTHS = [375, 1280];
const THEMES = ['light', 'dark'] as const;

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Signed in as the screenshots' admin instead (the operator console). */
  operator?: boolean;
  /** Runs after the page has loaded, before the screenshot. */
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/', prepare: (p) => p.getByText('Featured Tasks').waitFor() },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  {
    name: 'signup-rules',
    path: '/signup',
    prepare: async (page) => {
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Alex Morgan');
      await main.getByRole('textbox', { name: 'Email', exact: true }).fill('alex@example.com');
      await main.getByLabel('Password', { exact: true }).fill('morgan-sunrise');
      await main.getByText(/^Strength:/).waitFor();
    },
  },
  {
    name: 'signup-rules-met',
    path: '/signup',
    prepare: async (page) => {
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Alex Morgan');
      await main.getByRole('textbox', { name: 'Email', exact: true }).fill('alex@example.com');
      await main.getByLabel('Password', { exact: true }).fill('lantern-orbit-pebble-91');
      await main.getByText('Strength: Strong').waitFor();
    },
  },
  { name: 'welcome', path: '/welcome', signedIn: true },
  {
    name: 'welcome-steps',
    path: '/welcome',
    signedIn: true,
    prepare: async (page) => {
      // The first shot answers; the others find the answer kept.
      const earn = page.getByRole('button', { name: 'Earn' });
      if (await earn.isVisible()) await earn.click();
      await page.getByRole('heading', { name: 'Your next steps' }).waitFor();
    },
  },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'profile-sessions', path: '/profile/sessions', signedIn: true },
  { name: 'profile-notices', path: '/profile/notices', signedIn: true },
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
      // Refused fields are said beside them; no dialog.
      await page.getByText('Task Title is required').waitFor();
    },
  },
  {
    name: 'add-task-deadline',
    path: '/add-task',
    signedIn: true,
    prepare: refusedDeadline,
  },
  {
    name: 'browse-chips',
    path: '/browse-tasks?category=Design&status=open&minPrice=50&maxPrice=5000&sort=deadline',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Hide Filters' }).click();
      await page.getByRole('list', { name: 'Applied filters' }).waitFor();
    },
  },
  {
    name: 'my-tasks-counts',
    path: '/my-tasks',
    signedIn: true,
    prepare: async (page) => {
      const ben = await demoUser(page, 'ben@example.com');
      const id = await postTask(page.request, page, 'Write product descriptions');
      await postTask(page.request, page, 'Edit a podcast episode');
      await bid(ben, page, id);
      await page.reload();
      await page.getByText('1 bid').first().waitFor();
    },
  },
  {
    name: 'view-bids-empty',
    path: '/my-tasks',
    signedIn: true,
    prepare: async (page) => {
      const id = await postTask(page.request, page, 'Translate a menu into Spanish');
      await page.goto(`/view-bids/${id}`);
      await page.getByRole('button', { name: 'Copy link' }).waitFor();
    },
  },
  {
    name: 'task-owner-assigned',
    path: '/my-tasks',
    signedIn: true,
    prepare: async (page) => {
      const ben = await demoUser(page, 'ben@example.com');
      const id = await postTask(page.request, page, 'Photograph ten dishes');
      const bidId = await bid(ben, page, id);
      await call(page.request, page, `/api/bids/${bidId}/accept`);
      await page.goto(`/browse-tasks/${id}`);
      await page.getByRole('heading', { name: /^You hired/ }).waitFor();
    },
  },
  {
    name: 'task-assignee',
    path: '/my-tasks',
    signedIn: true,
    prepare: async (page) => {
      const ben = await demoUser(page, 'ben@example.com');
      const id = await postTask(ben, page, 'Proofread a short story');
      const bidId = await bid(page.request, page, id);
      await call(ben, page, `/api/bids/${bidId}/accept`);
      await page.goto(`/browse-tasks/${id}`);
      await page.getByRole('heading', { name: 'You’re assigned' }).waitFor();
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
  // Photo uploads: the profile with a picked photo, the task forms' picker, a task's photos.
  {
    name: 'photos-profile-picked',
    path: '/profile',
    signedIn: true,
    prepare: async (page) => {
      const { default: sharp } = await import('sharp');
      const buffer = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#c2703d' },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
      await page.getByRole('img', { name: 'Preview of me.png' }).waitFor();
    },
  },
  {
    name: 'photos-add-task-picked',
    path: '/add-task',
    signedIn: true,
    prepare: async (page) => {
      const { default: sharp } = await import('sharp');
      const files = await Promise.all(
        ['#2a7a6f', '#3d6fc2', '#c2a03d'].map(async (background, i) => ({
          name: `room-${i + 1}.png`,
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background } })
            .png()
            .toBuffer(),
        })),
      );
      await page.getByLabel('Task Photos').setInputFiles(files);
      await page.getByRole('img', { name: 'Preview of room-3.png' }).waitFor();
    },
  },
  ...(['task-page', 'update-form'] as const).map((screen): Shot => ({
    name: `photos-${screen}`,
    path: '/pricing',
    signedIn: true,
    prepare: async (page) => {
      const { default: sharp } = await import('sharp');
      const origin = new URL(page.url()).origin;
      const created = await page.request.post('/api/tasks', {
        headers: { origin },
        data: {
          title: 'Retile the bathroom floor',
          description: 'About 6 m² of floor tiles to replace; the photos show the room.',
          priority: 'Medium',
          category: 'Personal',
          deadline: '2030-09-15',
          budget: 450,
        },
      });
      const { insertedId } = (await created.json()) as { insertedId: string };
      for (const background of ['#2a7a6f', '#3d6fc2', '#c2a03d']) {
        await page.request.post(`/api/tasks/${insertedId}/photos`, {
          headers: { origin, 'content-type': 'image/png' },
          data: await sharp({
            create: { width: 1200, height: 900, channels: 3, background },
          })
            .png()
            .toBuffer(),
        });
      }
      if (screen === 'task-page') {
        await page.goto(`/browse-tasks/${insertedId}`);
        await page.getByRole('region', { name: 'Photos' }).waitFor();
      } else {
        await page.goto(`/update-task/${insertedId}`);
        await page.getByRole('button', { name: 'Remove photo 2' }).click();
      }
      await page.waitForLoadState('networkidle');
    },
  })),
  // The operator console, as an admin, with a reported task and a reported message queued.
  ...(
    [
      ['admin-dashboard', '/admin'],
      ['admin-queue', '/admin/queue'],
      ['admin-people', '/admin/people?q=e'],
      ['admin-person', ''],
      ['admin-audit-log', '/admin/audit-log'],
      ['admin-appeals', '/admin/appeals'],
      ['admin-settings', '/admin/settings'],
    ] as const
  ).map(([name, path]): Shot => ({
    name,
    path: '/pricing',
    operator: true,
    prepare: async (page) => {
      await queueReports(page);
      if (path) await page.goto(path);
      else {
        await page.goto('/admin/people?q=ben');
        await page.getByRole('link', { name: 'Ben Okafor' }).click();
        await page.getByRole('heading', { level: 1, name: 'Ben Okafor' }).waitFor();
      }
      await page.waitForLoadState('networkidle');
    },
  })),
  // Two watched words being added, one blank: the refusal beside its field and the reason's.
  {
    name: 'admin-settings-issues',
    path: '/admin/settings',
    operator: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add a word' }).click();
      await page.getByRole('button', { name: 'Add a word' }).click();
      const words = page.getByRole('textbox', { name: 'Word or phrase' });
      await words.first().fill('knock-off');
      await page.getByRole('combobox', { name: 'Action' }).first().selectOption('hold');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Say why: the audit log keeps the reason').waitFor();
    },
  },
  {
    name: 'admin-task',
    path: '/pricing',
    operator: true,
    prepare: async (page) => {
      await queueReports(page);
      await page.goto('/admin/queue');
      await page.getByRole('link', { name: 'Open the task in the console' }).first().click();
      await page.getByRole('heading', { name: /^Reports \(/ }).waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'admin-suspend-dialog',
    path: '/admin/people?q=ben',
    operator: true,
    fullPage: false,
    prepare: async (page) => {
      await page.getByRole('link', { name: 'Ben Okafor' }).click();
      await page.getByRole('button', { name: 'Suspend' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Suspend this account?' });
      await dialog.getByLabel('Reason').fill('   ');
      await dialog
        .getByLabel('Suspended until')
        .fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
      await dialog.getByLabel('Rule broken').selectOption('spam');
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await dialog.getByText('Say why: the audit log keeps the reason').waitFor();
    },
  },
];

/** Once per run: Ava reports a task of Ben's and Chloe a message of his, so the queue has items. */
let reported = false;
async function queueReports(page: Page) {
  if (reported) return;
  reported = true;
  const ava = await demoUser(page, 'ava@example.com');
  const ben = await demoUser(page, 'ben@example.com');
  const taskId = await postTask(ben, page, 'Cheap followers, fast delivery');
  const answer = await ava.post('/api/reports', {
    headers: { origin: origin(page) },
    data: {
      targetType: 'task',
      targetId: taskId,
      category: 'spam',
      comment: 'Sells fake followers.',
    },
  });
  if (!answer.ok()) throw new Error(`report: ${answer.status()} ${await answer.text()}`);
  const chloe = await demoUser(page, 'chloe@example.com');
  await chloe.post('/api/reports', {
    headers: { origin: origin(page) },
    data: {
      targetType: 'profile',
      targetId: (await (await ben.get('/api/auth/get-session')).json()).user.id,
      category: 'scam',
      comment: 'Asked me to pay him by wire transfer instead of through TaskBid.',
    },
  });
}

const origin = (page: Page) => new URL(page.url()).origin;

/** A demo person signed in on a request client of their own. */
async function demoUser(page: Page, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: origin(page) });
  await call(api, page, '/api/auth/sign-in/email', { email, password: 'taskbid-demo' });
  return api;
}

async function call(api: APIRequestContext, page: Page, path: string, data?: object) {
  const response = await api.post(path, { data, headers: { origin: origin(page) } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { insertedId?: string };
}

async function postTask(api: APIRequestContext, page: Page, title: string): Promise<string> {
  const body = {
    title,
    description: 'Clear instructions and examples are attached.',
    priority: 'Medium',
    category: 'Writing',
    deadline: '2030-06-30',
    budget: 180,
  };
  return (await call(api, page, '/api/tasks', body)).insertedId!;
}

async function bid(api: APIRequestContext, page: Page, taskId: string): Promise<string> {
  const body = { taskId, amount: 160, deadline: '2030-06-20', message: 'Happy to help.' };
  return (await call(api, page, '/api/bids', body)).insertedId!;
}

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
    // Nothing of the name or address in it ("shots"): the password rules would refuse it.
    const password = 'quiet-lantern-morning';
    await fetch(`${stack.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.baseURL },
      body: JSON.stringify({ name: 'Alex Morgan', email, password }),
    });
    // The console's screenshots are taken by an admin (the roles route of the test server).
    const adminEmail = `shots-admin-${Date.now()}@example.com`;
    await fetch(`${stack.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.baseURL },
      body: JSON.stringify({ name: 'Riley Chen', email: adminEmail, password }),
    });
    await fetch(`${stack.baseURL}${TEST_ROLES_PATH}/${encodeURIComponent(adminEmail)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'admin' }),
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
          if (shot.signedIn || shot.operator) {
            await page.goto('/login');
            await page
              .getByRole('main')
              .getByRole('textbox', { name: 'Email', exact: true })
              .fill(shot.operator ? adminEmail : email);
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
