/**
 * The messages screens' layout: an open thread names its task (a link, the budget, the
 * status); on a desktop the conversations stay beside it, on a phone it is list → thread; a
 * new message raises the Messages count and not the bell; the reply box grows as you type.
 */
import type { Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';

function headerLink(page: Page, name: RegExp) {
  return page.getByRole('banner').getByRole('link', { name });
}

test.describe('the messages screens', () => {
  test('desktop: the conversations beside the open thread, which shows its task', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const headers = { origin: baseURL! };
    const owner = await accounts.apiUser('poster');
    const first = `Fence ${uniqueToken()}`;
    const second = `Shelves ${uniqueToken()}`;
    const fence = await createTask(owner.api, baseURL!, { title: first, budget: 250 });
    const shelves = await createTask(owner.api, baseURL!, { title: second, budget: 90 });
    await accounts.signInPage('helper');
    const ids: string[] = [];
    for (const taskId of [fence, shelves]) {
      await placeBid(page.request, baseURL!, taskId, 80);
      const opened = await page.request.post('/api/threads', { data: { taskId }, headers });
      ids.push(((await opened.json()) as { id: string }).id);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/messages/${ids[0]}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.user.name })).toBeVisible();
    const task = page.getByRole('region', { name: 'About the task' });
    await expect(task.getByRole('link', { name: first })).toHaveAttribute(
      'href',
      `/browse-tasks/${fence}`,
    );
    await expect(task).toContainText('$250.00');
    await expect(task).toContainText('Not Started');

    // Two columns: the list on the left, the conversation on the right, side by side.
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All messages' })).toBeHidden();
    const listBox = (await list.boundingBox())!;
    const logBox = (await page.getByRole('log').boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(logBox.x);
    expect(listBox.y).toBeLessThan(logBox.y + logBox.height);
    await expect(list.getByRole('link', { name: first })).toHaveAttribute('aria-current', 'page');

    // Another conversation opens beside the same list.
    await list.getByRole('link', { name: second }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${ids[1]}$`));
    await expect(task.getByRole('link', { name: second })).toBeVisible();
    await expect(task).toContainText('$90.00');
    await expect(list).toBeVisible();

    // The inbox alone asks to choose one.
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByText('Choose a conversation to read it here.')).toBeVisible();
  });

  test('phone: the list, then the thread alone, and back to the list', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const headers = { origin: baseURL! };
    const owner = await accounts.apiUser('poster');
    const title = `Gutter ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title, budget: 120 });
    await accounts.signInPage('helper');
    await placeBid(page.request, baseURL!, taskId, 100);
    await page.request.post('/api/threads', { data: { taskId }, headers });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/messages');
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(page.getByText('Choose a conversation to read it here.')).toBeHidden();
    await list.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: owner.user.name })).toBeVisible();
    await expect(list).toBeHidden();
    const task = page.getByRole('region', { name: 'About the task' });
    await expect(task.getByRole('link', { name: title })).toBeVisible();
    await expect(task).toContainText('$120.00');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole('link', { name: 'All messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(list).toBeVisible();
  });

  test('a new message raises the Messages count, not the bell', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const headers = { origin: baseURL! };
    const bidder = await accounts.apiUser('writer');
    await accounts.signInPage('reader');
    const taskId = await createTask(page.request, baseURL!, { title: `Tiles ${uniqueToken()}` });
    await placeBid(bidder.api, baseURL!, taskId, 60);
    const opened = await bidder.api.post('/api/threads', { data: { taskId }, headers });
    const threadId = ((await opened.json()) as { id: string }).id;

    const stream = page.waitForResponse('**/api/me/events');
    await page.goto('/my-tasks');
    await stream;
    await expect(headerLink(page, /^Messages/)).toHaveAccessibleName('Messages');
    // The bid on the task is in the bell already: one unread notification.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    const sent = await bidder.api.post(`/api/threads/${threadId}/messages`, {
      data: { body: 'Are the tiles already bought?' },
      headers,
    });
    expect(sent.status()).toBe(201);
    await expect(headerLink(page, /^Messages/)).toHaveAccessibleName('Messages, 1 unread');
    // The bell stays quiet, also after a reload.
    await page.reload();
    await expect(headerLink(page, /^Messages/)).toHaveAccessibleName('Messages, 1 unread');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  });

  test('the reply box grows with the text, then scrolls', async ({ page, baseURL, accounts }) => {
    const headers = { origin: baseURL! };
    const owner = await accounts.apiUser('poster');
    const taskId = await createTask(owner.api, baseURL!, { title: `Roof ${uniqueToken()}` });
    await accounts.signInPage('helper');
    await placeBid(page.request, baseURL!, taskId, 100);
    const opened = await page.request.post('/api/threads', { data: { taskId }, headers });
    await page.goto(`/messages/${((await opened.json()) as { id: string }).id}`);

    const box = page.getByRole('textbox', { name: 'Message' });
    const height = async () => (await box.boundingBox())!.height;
    const empty = await height();
    await box.fill('One\nTwo\nThree');
    const three = await height();
    expect(three).toBeGreaterThan(empty + 20);
    await box.fill(Array.from({ length: 30 }, (_, i) => `Line ${i + 1}`).join('\n'));
    const full = await height();
    expect(full).toBeGreaterThan(three);
    expect(full).toBeLessThanOrEqual(200);
    const scrolls = await box.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    // Sent, it is small again.
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect.poll(height).toBeLessThan(three);
  });
});
