/**
 * The account-action ladder in the browser: a reported message upheld, its author limited to
 * read-only from their page, the author reading the notice and appealing it, an admin
 * overturning the limit (docs/moderation.md).
 */
import type { Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';
import { expectNone, scanAll } from '../support/axe-matrix.ts';
import { queueItem, report, signInOperator, userId } from './support.ts';

/** A UTC day from today, as a date input takes it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Fills the new-task form with a valid task and presses Create Task. */
async function postTask(page: Page, title: string) {
  await page.goto('/add-task');
  await page.getByLabel('Task Title').fill(title);
  await page.getByLabel('Priority Level').selectOption('Low');
  await page.getByLabel('Category').selectOption('Design');
  await page.getByLabel('Deadline').fill('2030-09-15');
  await page.getByLabel('Task Description').fill('A poster for the fair.');
  await page.getByRole('button', { name: 'Create Task' }).click();
}

test.describe('warnings, limits, notices and appeals', () => {
  test('report upheld → moderator limits the author → the author appeals → an admin overturns', async ({
    page,
    accounts,
    baseURL,
    browser,
  }) => {
    // Its screens are scanned for accessibility in both themes at both widths, as in the
    // matrix tests: 80–120 s on this machine, over the 120 s it had when two tests share it.
    test.setTimeout(240_000);
    const headers = { origin: baseURL! };
    // The author, signed in in a browser of their own, bids and writes a message.
    const authorContext = await browser.newContext({ baseURL });
    const authorPage = await authorContext.newPage();
    const author = await accounts.signInPage('author', authorPage);
    const authorId = await userId(authorPage.request);
    const reporter = await accounts.apiUser('reporter');
    const task = await createTask(reporter.api, baseURL!, { title: `Poster ${uniqueToken()}` });
    await placeBid(authorPage.request, baseURL!, task, 80, 'I can do it.');
    const opened = await authorPage.request.post('/api/threads', {
      data: { taskId: task },
      headers,
    });
    expect([200, 201], await opened.text()).toContain(opened.status());
    const { id: threadId } = (await opened.json()) as { id: string };
    const sent = await authorPage.request.post(`/api/threads/${threadId}/messages`, {
      data: { body: 'You are useless, hire someone else then.' },
      headers,
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const message = (await sent.json()) as { id: string };
    await report(reporter.api, baseURL!, 'message', message.id, 'harassment', 'Rude reply.');

    // A moderator upholds the report from the queue …
    await signInOperator(accounts, page, 'moderator');
    await page.goto('/admin/queue');
    const item = queueItem(page, author.name);
    await expect(item.getByText('You are useless, hire someone else then.')).toBeVisible();
    await item.getByRole('button', { name: 'Uphold' }).click();
    const decide = page.getByRole('alertdialog', { name: 'Uphold these reports?' });
    await decide.getByLabel('Reason').fill('Insults a client in a message.');
    await decide.getByRole('button', { name: 'Uphold' }).click();
    await expect(decide).toBeHidden();

    // … and limits the author from their page.
    await page.goto(`/admin/people/${authorId}`);
    await expect(page.getByRole('heading', { level: 1, name: author.name })).toBeVisible();
    await page.getByRole('button', { name: 'Limit' }).click();
    const limit = page.getByRole('alertdialog', { name: 'Limit this account?' });
    await limit.getByLabel('Read-only until').fill(inDays(14));
    await limit.getByLabel('Rule broken').selectOption({ label: 'Harassment or hate' });
    await limit.getByLabel('Reason').fill('Insulted a client twice this week.');
    await limit.getByRole('button', { name: 'Limit' }).click();
    await expect(limit).toBeHidden();
    await expect(page.getByText(/^Limited: read-only until that day/)).toBeVisible();
    await expect(page.getByText(/^Read-only until /)).toBeVisible();
    const notices = page.getByRole('region', { name: 'Notices given (2)' });
    await expect(notices.getByText('Insulted a client twice this week.')).toBeVisible();

    // The author reads the notice, and cannot post a task.
    await authorPage.goto('/profile/notices');
    await expect(
      authorPage.getByRole('heading', { level: 2, name: 'Account notices' }),
    ).toBeVisible();
    const limitNotice = authorPage
      .getByRole('article')
      .filter({ has: authorPage.getByRole('heading', { name: 'Read-only limit' }) });
    await expect(limitNotice.getByText('Harassment or hate')).toBeVisible();
    await expect(limitNotice.getByText('Insulted a client twice this week.')).toBeVisible();
    await expect(
      authorPage
        .getByRole('article')
        .filter({ has: authorPage.getByRole('heading', { name: 'Reported content upheld' }) }),
    ).toContainText('Insults a client in a message.');
    await postTask(authorPage, `Refused ${uniqueToken()}`);
    await expect(
      authorPage.getByText(/Your account is limited until .*: you can read, but not post/),
    ).toBeVisible();

    // They appeal it.
    await authorPage.goto('/profile/notices');
    await limitNotice.getByRole('button', { name: 'Appeal' }).click();
    const appeal = authorPage.getByRole('alertdialog', { name: 'Appeal this decision?' });
    await appeal.getByLabel('Why it is wrong').fill('He insulted me first; I apologised since.');
    await appeal.getByRole('button', { name: 'Send appeal' }).click();
    await expect(appeal).toBeHidden();
    await expect(authorPage.getByText(/^Your appeal is sent/)).toBeVisible();
    await expect(limitNotice.getByText('Appeal waiting for a moderator')).toBeVisible();
    await expect(limitNotice.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
    // Notices with an appeal, and the appeal dialog, pass the accessibility checks.
    const noticesScreen = { path: '/profile/notices', heading: 'Profile Settings' };
    expectNone(
      await scanAll(authorPage, [
        {
          ...noticesScreen,
          then: (p) => expect(p.getByRole('heading', { name: 'Read-only limit' })).toBeVisible(),
        },
        {
          ...noticesScreen,
          name: 'appeal dialog',
          then: async (p) => {
            await p.getByRole('button', { name: 'Appeal' }).first().click();
            await expect(p.getByRole('alertdialog')).toBeVisible();
          },
        },
      ]),
    );

    // An admin overturns it from the Appeals screen.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInOperator(accounts, adminPage, 'admin');
    await adminPage.goto('/admin');
    await adminPage
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Appeals' })
      .click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
    const open = adminPage
      .getByRole('article')
      .filter({ has: adminPage.getByRole('link', { name: author.name }) });
    await expect(open.getByText('He insulted me first; I apologised since.')).toBeVisible();
    expectNone(
      await scanAll(adminPage, [
        {
          path: '/admin/appeals',
          heading: 'Appeals',
          then: async (p) => {
            await p.getByRole('button', { name: 'Overturn' }).first().click();
            await expect(p.getByRole('alertdialog')).toBeVisible();
          },
        },
        {
          path: `/admin/people/${authorId}`,
          heading: author.name,
          then: (p) => expect(p.getByRole('heading', { name: 'Read-only limit' })).toBeVisible(),
        },
      ]),
    );
    await adminPage.goto('/admin/appeals');
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await open.getByRole('button', { name: 'Overturn' }).click();
    const overturn = adminPage.getByRole('alertdialog', { name: 'Overturn the decision?' });
    await overturn.getByLabel('Reason').fill('Both sides were rude; a warning is enough.');
    await overturn.getByRole('button', { name: 'Overturn' }).click();
    await expect(overturn).toBeHidden();
    await expect(open).toHaveCount(0);

    // The author sees the outcome, and posts a task again.
    await authorPage.goto('/profile/notices');
    await expect(limitNotice.getByText('Overturned on appeal')).toBeVisible();
    await expect(limitNotice.getByText('Both sides were rude; a warning is enough.')).toBeVisible();
    await postTask(authorPage, `Allowed ${uniqueToken()}`);
    await expect(authorPage.getByRole('dialog', { name: 'Task Created!' })).toBeVisible();
    await authorContext.close();
    await adminContext.close();
  });
});
