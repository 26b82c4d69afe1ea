/**
 * Private messages in the browser, two people in two browser contexts: the owner writes from
 * a bid card, the bidder sees the count in the header and the message live, reading it shows
 * "Seen" to the owner; the bidder writes from My Bids; a deleted task's thread is closed.
 */
import type { Browser, Page } from '@playwright/test';
import {
  createTask,
  expect,
  placeBid,
  test,
  uniqueToken,
  type Accounts,
} from '../tasks/support.ts';

/** A second person in a browser context of their own, signed in. */
async function secondPerson(browser: Browser, baseURL: string, accounts: Accounts, prefix: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await accounts.signInPage(prefix, page);
  return { context, page, user };
}

function messagesLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Messages/ });
}

/** Opens `path` and waits until the person's event stream is connected. */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse('**/api/me/events');
  await page.goto(path);
  await stream;
}

test.describe('private messages', () => {
  test('a message appears live with the unread count; reading it shows "Seen" to the sender', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    test.setTimeout(120_000);
    const owner = await accounts.signInPage('owner');
    const title = `Chat ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const bidder = await secondPerson(browser, baseURL!, accounts, 'bidder');
    await placeBid(bidder.page.request, baseURL!, taskId, 120, 'I can do this.');

    // The owner opens the conversation from the bid card.
    await page.goto(`/view-bids/${taskId}`);
    await page.getByRole('button', { name: `Message ${bidder.user.name}` }).click();
    await expect(page).toHaveURL(/\/messages\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: bidder.user.name })).toBeVisible();
    await expect(page.getByText('No messages yet.')).toBeVisible();

    // The bidder is elsewhere; the header says nothing is unread.
    await openLive(bidder.page, '/my-bids');
    await expect(messagesLink(bidder.page)).toHaveAccessibleName('Messages');

    // Enter sends, Shift+Enter starts a new line; markup stays text.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await page.keyboard.type('Hello <b>there</b>');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Can you start Monday?');
    await page.keyboard.press('Enter');
    const ownerLog = page.getByRole('log');
    await expect(ownerLog.getByRole('listitem')).toHaveCount(1);
    await expect(ownerLog).toContainText('Hello <b>there</b>\nCan you start Monday?');
    await expect(box).toHaveValue('');
    await expect(ownerLog.getByText('Seen')).toHaveCount(0);

    // Live (no screen polls: only the event stream can bring it): the bidder's header counts
    // it, the inbox lists it.
    await expect(messagesLink(bidder.page)).toHaveAccessibleName('Messages, 1 unread');
    await messagesLink(bidder.page).click();
    await expect(bidder.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const item = bidder.page.getByRole('listitem').filter({ hasText: title });
    await expect(item.getByRole('link', { name: owner.name })).toHaveAttribute(
      'href',
      /^\/users\//,
    );
    await expect(item).toContainText('Hello <b>there</b>');
    await expect(item).not.toContainText('Can you start Monday?');
    await expect(item.getByText('1 unread')).toBeVisible();

    // Opening it marks it read: the count goes, and the owner sees "Seen" live.
    await item.getByRole('link', { name: title }).click();
    await expect(bidder.page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    const bidderLog = bidder.page.getByRole('log');
    await expect(bidderLog).toContainText('Can you start Monday?');
    await expect(bidderLog.locator('b')).toHaveCount(0);
    await expect(messagesLink(bidder.page)).toHaveAccessibleName('Messages');
    await expect(ownerLog.getByText('Seen')).toBeVisible();

    // The reply appears in the owner's open thread without a reload; its address is a safe link.
    await bidder.page
      .getByRole('textbox', { name: 'Message' })
      .fill('Yes. My plan: https://example.com/plan.');
    await bidder.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(ownerLog.getByRole('listitem')).toHaveCount(2);
    const link = ownerLog.getByRole('link', { name: 'https://example.com/plan' });
    await expect(link).toHaveAttribute('href', 'https://example.com/plan');
    await expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    // The owner had it in view: it is read at once, and the bidder's "Seen" moves there.
    await expect(bidderLog.getByText('Seen')).toBeVisible();
    await expect(messagesLink(page)).toHaveAccessibleName('Messages');
    await bidder.context.close();
  });

  test('the bidder writes from My Bids; a deleted task closes the thread', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const title = `Closed ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title });
    await accounts.signInPage('bidder');
    await placeBid(page.request, baseURL!, taskId, 80);

    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('button', { name: 'Message the poster' })).toBeVisible();
    await page.goto('/my-bids');
    await page
      .getByRole('button', { name: `Message the poster of ${title}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: owner.user.name })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the deadline firm?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log')).toContainText('Is the deadline firm?');
    // Shown at once while on its way; stored only once "Sending…" gives way to its time.
    await expect(page.getByRole('log').getByText('Sending…')).toHaveCount(0);
    const thread = page.url();

    const deleted = await owner.api.delete(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL! },
    });
    expect(deleted.status()).toBe(200);
    await page.goto(thread);
    await expect(page.getByRole('log')).toContainText('Is the deadline firm?');
    await expect(
      page.getByText('The task was deleted, so this conversation is closed'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  });

  test('older messages load on scroll; the inbox pages with "Load more"', async ({
    page,
    baseURL,
    accounts,
  }) => {
    test.setTimeout(120_000);
    const headers = { origin: baseURL! };
    await accounts.signInPage('pager');
    const bidder = await accounts.apiUser('paged');
    const taskIds: string[] = [];
    for (let i = 1; i <= 21; i += 1) {
      taskIds.push(
        await createTask(page.request, baseURL!, { title: `Paged ${i} ${uniqueToken()}` }),
      );
      await placeBid(bidder.api, baseURL!, taskIds.at(-1)!, 50 + i);
    }
    const threadIds: string[] = [];
    for (const taskId of taskIds) {
      const opened = await bidder.api.post('/api/threads', { data: { taskId }, headers });
      expect(opened.ok(), await opened.text()).toBe(true);
      threadIds.push(((await opened.json()) as { id: string }).id);
    }
    // 55 messages in the newest thread, from both sides.
    const thread = threadIds.at(-1)!;
    for (let n = 1; n <= 55; n += 1) {
      const api = n % 2 === 0 ? page.request : bidder.api;
      const sent = await api.post(`/api/threads/${thread}/messages`, {
        data: { body: `Message number ${n}` },
        headers,
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await page.goto('/messages');
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(21);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    await page.goto(`/messages/${thread}`);
    // A fresh load restores the window's scroll of the last fresh load (the inbox's, after
    // "Load more"): back to the top, so the whole conversation box is in the viewport.
    await page.evaluate(() => window.scrollTo(0, 0));
    const log = page.getByRole('log');
    const items = log.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(items).toHaveCount(50);
    await expect(log.getByText('Message number 55', { exact: true })).toBeInViewport();
    await expect(log.getByText('Message number 5', { exact: true })).toHaveCount(0);
    await expect(log.getByRole('button', { name: 'Load older messages' })).toBeVisible();
    await log.evaluate((box) => box.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(55);
    await expect(items.first()).toContainText('Message number 1');
    await expect(log.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
    // The reader's place is kept: the message that was on top is still in view.
    await expect(log.getByText('Message number 6', { exact: true })).toBeInViewport();
  });

  test('the inbox says how to start when there is nothing yet', async ({ page, accounts }) => {
    await accounts.signInPage('lonely');
    await page.goto('/messages');
    await expect(
      page.getByRole('heading', { level: 2, name: 'No conversations yet' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'My Bids' })).toBeVisible();
  });
});
