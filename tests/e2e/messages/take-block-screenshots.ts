/**
 * Screenshots of blocks (a conversation closed by a block, for the blocker and for the
 * blocked person; the Blocked people settings, with blocks and empty; the task page that
 * cannot reach its poster; the Block dialog) at 375 and 1280 px, light and dark, into
 * screenshots/blocks (git-ignored) or the folder given. Starts its own stack:
 *   node tests/e2e/messages/take-block-screenshots.ts [folder]
 */
import {
  chromium,
  request,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { startStack } from '../support/stack.ts';
import { createTask, placeBid } from '../tasks/support.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';

const out = process.argv[2] ?? 'screenshots/blocks';
const stack = await startStack();
const baseURL = stack.baseURL;
const headers = { origin: baseURL };
mkdirSync(out, { recursive: true });

async function account(name: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: headers });
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 6)}@example.com`;
  const password = `pass-${randomUUID()}`;
  const res = await api.post('/api/auth/sign-up/email', { data: { name, email, password } });
  if (!res.ok()) throw new Error(`sign-up ${res.status()}`);
  // A sign-up signs nobody in: sign in.
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  if (!signedIn.ok()) throw new Error(`sign-in ${signedIn.status()}`);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  return { api, email, password, id };
}
type Account = Awaited<ReturnType<typeof account>>;

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const task = (api: APIRequestContext, title: string) =>
  createTask(api, baseURL, { title, description: 'A few hours of careful work.', budget: 400 });
const bid = (who: Account, taskId: string, amount: number, message: string) =>
  placeBid(who.api, baseURL, taskId, amount, message);

async function thread(who: Account, taskId: string, bidderId?: string): Promise<string> {
  return (await ok<{ id: string }>(who.api.post('/api/threads', { data: { taskId, bidderId } })))
    .id;
}

async function say(who: Account, threadId: string, body: string): Promise<string> {
  const data = { body };
  return (await ok<{ id: string }>(who.api.post(`/api/threads/${threadId}/messages`, { data }))).id;
}

const ava = await account('Ava Owner');
const maya = await account('Maya Bidder');
const leo = await account('Leo Rivera');
const logo = await task(ava.api, 'Design a logo for a bakery');
await bid(maya, logo, 350, 'I have designed logos for three bakeries.');
await bid(leo, logo, 300, 'Quick turnaround.');
const withMaya = await thread(ava, logo, maya.id);
await say(ava, withMaya, 'Hi Maya! Could you share a few logos you made for bakeries?');
await say(maya, withMaya, 'Send me your phone number, now.');
await ok(ava.api.post('/api/blocks', { data: { userId: maya.id } }));
await ok(ava.api.post('/api/blocks', { data: { userId: leo.id } }));
await ok(ava.api.delete(`/api/blocks/${leo.id}`));
const sam = await account('Sam Writer');
await ok(ava.api.post('/api/blocks', { data: { userId: sam.id } }));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const shoot = async (
      who: Account,
      name: string,
      path: string,
      ready: (page: Page) => Promise<unknown>,
      fullPage = true,
    ) => {
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
      await page.goto(path);
      await ready(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage });
      await context.close();
    };
    await shoot(
      ava,
      'thread-blocked',
      `/messages/${withMaya}`,
      (p) => p.getByText('You blocked this person.').waitFor(),
      false,
    );
    await shoot(
      maya,
      'thread-cannot-contact',
      `/messages/${withMaya}`,
      (p) => p.getByText('You can’t contact this person.').waitFor(),
      false,
    );
    await shoot(ava, 'settings-blocked-people', '/profile/blocked-people', (p) =>
      p.getByRole('list', { name: 'Blocked people' }).waitFor(),
    );
    await shoot(leo, 'settings-blocked-people-empty', '/profile/blocked-people', (p) =>
      p.getByText('You have not blocked anyone.').waitFor(),
    );
    await shoot(maya, 'task-cannot-contact', `/browse-tasks/${logo}`, (p) =>
      p.getByText('You can’t contact this person.').first().waitFor(),
    );
    await shoot(
      ava,
      'block-dialog',
      `/users/${leo.id}`,
      async (p) => {
        await p.getByRole('button', { name: 'Block Leo Rivera' }).click();
        await p.getByRole('alertdialog').waitFor();
      },
      false,
    );
  }
}
await browser.close();
await stack.stop();
