/**
 * Text people type without spaces (a pasted address, a file name) wraps or is cut inside its
 * box: no screen that shows it scrolls sideways, on a phone or a desktop. A poster with a
 * long name posts a task with a long title and location; a bidder with a long name bids with
 * a long message, writes a long private message and lists long skills on their profile.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { sendWhileShedding } from '../setup/load-shedding.ts';
import { createTask, expect, placeBid, test, uniqueToken, type Accounts } from './tasks/support.ts';

const WIDTHS = [375, 1280];

/** `prefix` followed by letters up to `length` characters, without a single space. */
function spaceless(prefix: string, length: number): string {
  return (prefix + 'abcdefghij'.repeat(Math.ceil(length / 10))).slice(0, length);
}

/** Today in the server's calendar, so the task is among the home page's nearest deadlines. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A person with a long space-less name, signed in on a browser context of their own. */
async function longNamedPerson(browser: Browser, baseURL: string, accounts: Accounts) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const id = randomUUID().slice(0, 8);
  const user = accounts.track({
    name: spaceless(`Name${id}`, 100),
    email: `long-${id}@example.com`,
    password: `pass-${randomUUID()}`,
  });
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  // A sign-up signs nobody in: sign in.
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const session = await page.request.get('/api/auth/get-session');
  const { id: userId } = ((await session.json()) as { user: { id: string } }).user;
  return { context, page, user, userId };
}

async function post(api: APIRequestContext, baseURL: string, url: string, data: unknown) {
  const response = await sendWhileShedding(() =>
    api.fetch(url, {
      method: url === '/api/profile' ? 'PUT' : 'POST',
      data,
      headers: { origin: baseURL },
    }),
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });
}

test('long space-less texts never make a screen scroll sideways', async ({
  browser,
  baseURL,
  accounts,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken('wide');
  const title = spaceless(`https://files.example.com/${token}/`, 100);
  const location = spaceless('Location', 100);
  const bidMessage = spaceless('Bid', 1000);
  const privateMessage = spaceless('Private', 1000);

  const poster = await longNamedPerson(browser, baseURL!, accounts);
  const bidder = await longNamedPerson(browser, baseURL!, accounts);
  const taskId = await createTask(poster.page.request, baseURL!, {
    title,
    location,
    description: spaceless('Description', 600),
    deadline: today(),
  });
  await placeBid(bidder.page.request, baseURL!, taskId, 120, bidMessage);
  const thread = await post(bidder.page.request, baseURL!, '/api/threads', { taskId });
  await post(bidder.page.request, baseURL!, `/api/threads/${String(thread.id)}/messages`, {
    body: privateMessage,
  });
  await post(bidder.page.request, baseURL!, '/api/profile', {
    headline: spaceless('Headline', 120),
    bio: spaceless('Bio', 600),
    location: spaceless('Place', 200),
    skills: [1, 2, 3, 4, 5].map((n) => spaceless(`Skill${n}`, 40)),
  });
  const threadPath = `/messages/${String(thread.id)}`;

  /** Each screen: who looks at it, where, and a text that says it has loaded. */
  const screens: { name: string; who: Page; path: string; shows: string }[] = [
    { name: 'home', who: poster.page, path: '/', shows: 'Featured Tasks' },
    { name: 'browse', who: poster.page, path: `/browse-tasks?search=${token}`, shows: title },
    {
      name: 'task detail (bidder)',
      who: bidder.page,
      path: `/browse-tasks/${taskId}`,
      shows: title,
    },
    {
      name: 'task detail (owner)',
      who: poster.page,
      path: `/browse-tasks/${taskId}`,
      shows: title,
    },
    { name: 'my posted tasks', who: poster.page, path: '/my-tasks', shows: title },
    { name: 'my bids', who: bidder.page, path: '/my-bids', shows: title },
    { name: 'view bids', who: poster.page, path: `/view-bids/${taskId}`, shows: bidMessage },
    { name: 'messages', who: poster.page, path: '/messages', shows: bidder.user.name },
    { name: 'thread', who: poster.page, path: threadPath, shows: privateMessage },
    { name: 'public profile', who: poster.page, path: `/users/${bidder.userId}`, shows: 'Skill1' },
    {
      name: 'own profile',
      who: bidder.page,
      path: `/users/${poster.userId}`,
      shows: poster.user.name,
    },
  ];

  const wide: string[] = [];
  for (const width of WIDTHS) {
    for (const screen of screens) {
      await screen.who.setViewportSize({ width, height: 800 });
      await screen.who.goto(screen.path);
      await expect(
        screen.who.getByRole('main').getByText(screen.shows).filter({ visible: true }).first(),
      ).toBeVisible();
      if (screen.name === 'home') {
        await expect(
          screen.who.getByRole('link', { name: `View Details: ${title}` }),
        ).toBeVisible();
      }
      const overflow = await sidewaysScroll(screen.who);
      if (overflow > 0) wide.push(`${screen.name} at ${width} px: ${overflow} px too wide`);
    }
  }
  expect(wide, 'screens that scroll sideways').toEqual([]);
  await poster.context.close();
  await bidder.context.close();
});

test('My Posted Tasks keeps every price and status in view next to a long title', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('owner');
  const token = uniqueToken('wide');
  await createTask(page.request, baseURL!, { title: spaceless(`${token}/`, 100), budget: 321 });
  await createTask(page.request, baseURL!, { title: `Short ${token}`, budget: 654 });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/my-tasks');
  // Each card scrolled to (the page is taller than the screen): its price is not pushed sideways.
  for (const price of ['$321.00', '$654.00']) {
    const shown = page.getByText(price).filter({ visible: true }).first();
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeInViewport();
  }
  await expect(page.getByText('Not Started').filter({ visible: true }).first()).toBeInViewport();
});
