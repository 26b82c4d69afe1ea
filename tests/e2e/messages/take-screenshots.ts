/**
 * Screenshots of the messages screens (the inbox, a thread, a closed thread, the empty inbox,
 * the "Message" buttons on bids, the task page and My Bids) at 375 and 1280 px, light and dark, into
 * screenshots/messages (git-ignored) or the folder given. Starts its own stack with an
 * in-memory database:
 *   node tests/e2e/messages/take-screenshots.ts [folder]
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

const out = process.argv[2] ?? 'screenshots/messages';
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
const sam = await account('Sam Writer');
const logo = await task(ava.api, 'Design a logo for a bakery');
const site = await task(ava.api, 'Build a landing page for a bike shop');
const copy = await task(sam.api, 'Write product descriptions for 40 teas');
const gone = await task(ava.api, 'Paint a mural (cancelled)');
await bid(maya, logo, 350, 'I have designed logos for three bakeries.');
await bid(leo, logo, 300, 'Quick turnaround.');
await bid(leo, site, 850, 'Done this before.');
await bid(maya, copy, 120, 'Happy to help.');
await bid(maya, gone, 500, 'I love murals.');

const withMaya = await thread(ava, logo, maya.id);
await say(ava, withMaya, 'Hi Maya! Could you share a few logos you made for bakeries?');
await say(
  maya,
  withMaya,
  'Of course. Here is my portfolio: https://example.com/maya/portfolio\nThe second and fifth ones are bakeries.',
);
const read = await say(ava, withMaya, 'Lovely work. Would you do a version in two colours?');
await ok(maya.api.post(`/api/threads/${withMaya}/read`, { data: { upTo: read } }));
await say(
  maya,
  withMaya,
  'Yes, two colours is no problem. I would send three first sketches by Friday, then we pick one and I refine it over the weekend. The final files come as SVG and PNG, in colour and in black and white.',
);
const withLeo = await thread(leo, site);
await say(leo, withLeo, 'Is the shop open on weekends? I would like to take photos.');
const withSam = await thread(maya, copy);
await say(maya, withSam, 'Do you have a style guide for the descriptions?');
await say(sam, withSam, 'Not yet, short and friendly is fine.');
const closed = await thread(maya, gone);
await say(maya, closed, 'Which wall is it, and how large?');
await ok(ava.api.delete(`/api/tasks/${gone}`));
// Right-to-left text: a name, a task title and a message in Arabic.
const layla = await account('ليلى حداد');
const tiles = await task(ava.api, 'تركيب بلاط المطبخ');
await bid(layla, tiles, 200, 'أستطيع البدء يوم الاثنين.');
const withLayla = await thread(layla, tiles);
await say(layla, withLayla, 'مرحبا! هل البلاط موجود بالفعل؟');
const nobody = await account('Nora New');

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
    await shoot(ava, 'inbox', '/messages', (p) =>
      p.getByRole('list', { name: 'Conversations' }).waitFor(),
    );
    await shoot(
      ava,
      'thread',
      `/messages/${withMaya}`,
      (p) => p.getByRole('log').getByText('then we pick one').waitFor(),
      false,
    );
    await shoot(
      maya,
      'thread-closed',
      `/messages/${closed}`,
      (p) => p.getByText('conversation is closed').waitFor(),
      false,
    );
    await shoot(nobody, 'inbox-empty', '/messages', (p) =>
      p.getByRole('heading', { name: 'No conversations yet' }).waitFor(),
    );
    await shoot(ava, 'view-bids', `/view-bids/${logo}`, (p) =>
      p
        .getByRole('button', { name: /^Message / })
        .first()
        .waitFor(),
    );
    await shoot(maya, 'task-detail', `/browse-tasks/${logo}`, (p) =>
      p.getByRole('button', { name: 'Message the poster' }).waitFor(),
    );
    await shoot(maya, 'my-bids', '/my-bids', (p) =>
      p
        .getByRole('button', { name: /^Message the poster/ })
        .first()
        .waitFor(),
    );
  }
}
await browser.close();
await stack.stop();
