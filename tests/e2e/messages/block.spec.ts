/**
 * Blocks in the browser, two people in two browser contexts: the task's owner blocks a
 * bidder from their conversation; the composer gives way to a note on both sides (the bidder
 * told only that they can't contact the person), the bidder's task page shows the same
 * sentence instead of the forms, the settings list the block, and unblocking reopens writing.
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

const CANNOT_CONTACT = 'You can’t contact this person.';
const YOU_BLOCKED = 'You blocked this person. Unblock to write again.';

async function secondPerson(browser: Browser, baseURL: string, accounts: Accounts, prefix: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await accounts.signInPage(prefix, page);
  return { context, page, user };
}

/** Opens `path` and waits until the person's event stream is connected. */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse('**/api/me/events');
  await page.goto(path);
  await stream;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test.describe('blocks', () => {
  test('blocking from a conversation closes it for both; the settings list it; unblocking reopens it', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    test.setTimeout(120_000);
    const headers = { origin: baseURL! };
    await accounts.signInPage('owner');
    const title = `Fence ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const bidder = await secondPerson(browser, baseURL!, accounts, 'bidder');
    await placeBid(bidder.page.request, baseURL!, taskId, 90, 'Ready when you are.');
    const opened = await bidder.page.request.post('/api/threads', { data: { taskId }, headers });
    expect(opened.status()).toBe(201);
    const thread = `/messages/${((await opened.json()) as { id: string }).id}`;

    await openLive(page, thread);
    await openLive(bidder.page, thread);
    await expect(composer(bidder.page)).toBeVisible();

    // The owner blocks the bidder: a dialog names what it does first.
    await page.getByRole('button', { name: `Block ${bidder.user.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Block ${bidder.user.name}?` });
    await expect(dialog).toContainText('can’t message you, bid on your tasks');
    await expect(dialog).toContainText('They are not told');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The composer is gone on both sides, each told in their own words (the bidder live).
    await expect(page.getByText(YOU_BLOCKED)).toBeVisible();
    await expect(composer(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Unblock ${bidder.user.name}` })).toBeVisible();
    await expect(bidder.page.getByText(CANNOT_CONTACT)).toBeVisible();
    await expect(composer(bidder.page)).toHaveCount(0);
    // Nothing they can see says "blocked" (their own Block dialog, closed, aside).
    await expect(bidder.page.getByText(/blocked/i).filter({ visible: true })).toHaveCount(0);

    // The bidder's task page says the same instead of the bid and question forms.
    await bidder.page.goto(`/browse-tasks/${taskId}`);
    await expect(bidder.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(bidder.page.getByText(CANNOT_CONTACT)).toHaveCount(2);
    await expect(bidder.page.getByRole('button', { name: 'Submit Bid' })).toHaveCount(0);
    await expect(bidder.page.getByRole('textbox', { name: 'Ask a question' })).toHaveCount(0);
    await expect(bidder.page.getByRole('button', { name: 'Message the poster' })).toHaveCount(0);

    // The owner's settings list the block; Unblock there lifts it.
    await page.goto('/profile/blocked-people');
    await expect(page.getByRole('heading', { name: 'Blocked people' })).toBeVisible();
    const row = page
      .getByRole('list', { name: 'Blocked people' })
      .getByRole('listitem', { name: bidder.user.name });
    await expect(row.getByRole('link', { name: bidder.user.name })).toBeVisible();
    await expect(row).toContainText('Blocked on');
    await row.getByRole('button', { name: `Unblock ${bidder.user.name}` }).click();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();

    // Writing works again, both ways.
    await openLive(bidder.page, thread);
    await composer(bidder.page).fill('Thanks for unblocking.');
    await bidder.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(bidder.page.getByRole('log')).toContainText('Thanks for unblocking.');
    await page.goto(thread);
    await expect(page.getByRole('log')).toContainText('Thanks for unblocking.');
    await expect(page.getByText(YOU_BLOCKED)).toHaveCount(0);
    await composer(page).fill('Welcome back.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(bidder.page.getByRole('log')).toContainText('Welcome back.');
    await bidder.context.close();
  });

  test('a person is blocked from their profile page, and unblocked there', async ({
    page,
    accounts,
  }) => {
    const other = await accounts.apiUser('profiled');
    const session = (await (await other.api.get('/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    await accounts.signInPage('visitor');
    await page.goto(`/users/${session.user.id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.user.name })).toBeVisible();
    await page.getByRole('button', { name: `Block ${other.user.name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Block ${other.user.name}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    const unblock = page.getByRole('button', { name: `Unblock ${other.user.name}` });
    await expect(unblock).toBeVisible();
    await unblock.click();
    await expect(page.getByRole('button', { name: `Block ${other.user.name}` })).toBeVisible();
  });
});
