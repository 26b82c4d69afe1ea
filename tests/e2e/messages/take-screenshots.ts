/**
 * Screenshots of the messages screens (the inbox, a thread, a closed thread, the empty inbox,
 * the "Message" buttons on bids, the task page and My Bids), then of blocks (a conversation
 * closed by a block for both sides, the Blocked people settings with blocks and empty, the task
 * page that cannot reach its poster, the Block dialog) at 375 and 1280 px, light and dark, into
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

type Ready = (page: Page) => Promise<unknown>;
interface Shot {
  who: Account;
  name: string;
  path: string;
  ready: Ready;
  fullPage?: boolean;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** Each shot at both widths in both themes, signed in as its person. */
async function shootAll(shots: Shot[]) {
  for (const theme of ['light', 'dark'])
    for (const width of [375, 1280])
      for (const { who, name, path, ready, fullPage = true } of shots) {
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
      }
}
const firstMessageButton: Ready = (p) =>
  p
    .getByRole('button', { name: /^Message / })
    .first()
    .waitFor();

await shootAll([
  {
    who: ava,
    name: 'inbox',
    path: '/messages',
    ready: (p) => p.getByRole('list', { name: 'Conversations' }).waitFor(),
  },
  {
    who: ava,
    name: 'thread',
    path: `/messages/${withMaya}`,
    ready: (p) => p.getByRole('log').getByText('then we pick one').waitFor(),
    fullPage: false,
  },
  {
    who: maya,
    name: 'thread-closed',
    path: `/messages/${closed}`,
    ready: (p) => p.getByText('conversation is closed').waitFor(),
    fullPage: false,
  },
  {
    who: nobody,
    name: 'inbox-empty',
    path: '/messages',
    ready: (p) => p.getByRole('heading', { name: 'No conversations yet' }).waitFor(),
  },
  { who: ava, name: 'view-bids', path: `/view-bids/${logo}`, ready: firstMessageButton },
  {
    who: maya,
    name: 'task-detail',
    path: `/browse-tasks/${logo}`,
    ready: (p) => p.getByRole('button', { name: 'Message the poster' }).waitFor(),
  },
  { who: maya, name: 'my-bids', path: '/my-bids', ready: firstMessageButton },
]);

// Blocks: Ava blocks Maya and Sam; Leo, blocked and unblocked, is on nobody's list.
await say(maya, withMaya, 'Send me your phone number, now.');
await ok(ava.api.post('/api/blocks', { data: { userId: maya.id } }));
await ok(ava.api.post('/api/blocks', { data: { userId: leo.id } }));
await ok(ava.api.delete(`/api/blocks/${leo.id}`));
await ok(ava.api.post('/api/blocks', { data: { userId: sam.id } }));

await shootAll([
  {
    who: ava,
    name: 'thread-blocked',
    path: `/messages/${withMaya}`,
    ready: (p) => p.getByText('You blocked this person.').waitFor(),
    fullPage: false,
  },
  {
    who: maya,
    name: 'thread-cannot-contact',
    path: `/messages/${withMaya}`,
    ready: (p) => p.getByText('You can’t contact this person.').waitFor(),
    fullPage: false,
  },
  {
    who: ava,
    name: 'settings-blocked-people',
    path: '/profile/blocked-people',
    ready: (p) => p.getByRole('list', { name: 'Blocked people' }).waitFor(),
  },
  {
    who: leo,
    name: 'settings-blocked-people-empty',
    path: '/profile/blocked-people',
    ready: (p) => p.getByText('You have not blocked anyone.').waitFor(),
  },
  {
    who: maya,
    name: 'task-cannot-contact',
    path: `/browse-tasks/${logo}`,
    ready: (p) => p.getByText('You can’t contact this person.').first().waitFor(),
  },
  {
    who: ava,
    name: 'block-dialog',
    path: `/users/${leo.id}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Block Leo Rivera' }).click();
      await p.getByRole('alertdialog').waitFor();
    },
    fullPage: false,
  },
]);
await browser.close();
await stack.stop();
