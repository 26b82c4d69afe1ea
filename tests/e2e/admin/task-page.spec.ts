/**
 * The console's task page: a moderator opens a reported task from the review queue and hides
 * it; it is gone from browse for members (docs/moderation.md).
 */
import { createTask, expect, test, uniqueToken } from '../tasks/support.ts';
import { queueItem, report, signInOperator } from './support.ts';

test.describe('console: a task', () => {
  test('a moderator opens a reported task from the queue and hides it; browse no longer shows it', async ({
    page,
    accounts,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const token = uniqueToken();
    const title = `Wire me first ${token}`;
    // The author posts it from their own browser, where they later find it marked.
    const authorContext = await browser.newContext({ baseURL });
    const authorPage = await authorContext.newPage();
    const author = await accounts.signInPage('author', authorPage);
    const reporter = await accounts.apiUser('reporter');
    const task = await createTask(authorPage.request, baseURL!, { title });
    await report(reporter.api, baseURL!, 'task', task, 'scam', 'Asks for a bank transfer.');

    // A member finds it in browse while it is only reported.
    const memberContext = await browser.newContext({ baseURL });
    const memberPage = await memberContext.newPage();
    await accounts.signInPage('member', memberPage);
    await memberPage.goto(`/browse-tasks?search=${token}`);
    await expect(memberPage.getByRole('link', { name: title })).toBeVisible();

    // The moderator opens it from its queue item.
    await signInOperator(accounts, page, 'moderator');
    await page.goto('/admin/queue');
    await queueItem(page, author.name)
      .getByRole('link', { name: 'Open the task in the console' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reports (1)' })).toBeVisible();
    await expect(page.getByText('Asks for a bank transfer.')).toBeVisible();
    await expect(page.getByText('Shown to everyone')).toBeVisible();

    await page.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hide this task?' });
    await dialog
      .getByLabel('Rule broken')
      .selectOption({ label: 'Scams, or asking to be paid outside TaskBid' });
    await dialog.getByLabel('Reason').fill('Asks to be paid outside TaskBid.');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('Hidden: only its owner sees it, and they were told why by e-mail.'),
    ).toBeVisible();
    await expect(
      page.getByText('Removed by our moderators: Scams, or asking to be paid outside TaskBid'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();

    // Browse no longer lists it, and its page is not found, for the member.
    await memberPage.goto(`/browse-tasks?search=${token}`);
    await expect(memberPage.getByRole('heading', { name: 'No tasks found' })).toBeVisible();
    await expect(memberPage.getByRole('link', { name: title })).toHaveCount(0);
    await memberContext.close();

    // Its owner still opens it, marked with the rule.
    await authorPage.goto(`/browse-tasks/${task}`);
    await expect(authorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      authorPage.getByText(
        'Removed by our moderators: Scams, or asking to be paid outside TaskBid',
      ),
    ).toBeVisible();
    await authorContext.close();
  });
});
