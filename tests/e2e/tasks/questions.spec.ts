import { createTask, expect, test, uniqueToken } from './support.ts';

test.describe('questions on a task', () => {
  test('a question appears live on the owner’s open page, the answer live on the asker’s', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.signInPage('poster');
    const title = `Questions ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { name: 'Questions (0)' })).toBeVisible();
    // The owner answers; nobody asks on their own task.
    await expect(page.getByLabel('Ask a question')).toHaveCount(0);

    const context = await browser.newContext({ baseURL });
    const asker = await context.newPage();
    const askerUser = await accounts.signInPage('asker', asker);
    await asker.goto(`/browse-tasks/${taskId}`);
    await expect(asker.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const question = 'Is <b>paint</b> included?\nAnd brushes?';
    await asker.getByLabel('Ask a question').fill(question);
    await asker.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(asker.getByRole('heading', { name: 'Questions (1)' })).toBeVisible();
    await expect(asker.getByLabel('Ask a question')).toHaveValue('');

    // The owner's page was open all along: the question arrives without a reload.
    const section = page.getByRole('region', { name: 'Questions (1)' });
    const item = section.getByRole('listitem', { name: `Question from ${askerUser.name}` });
    await expect(item).toBeVisible({ timeout: 3000 });
    // Plain text: the markup is shown as typed, never rendered.
    await expect(item.getByText('Is <b>paint</b> included?')).toBeVisible();
    await expect(item.locator('b')).toHaveCount(0);

    await item.getByText('Answer this question').click();
    await item.getByLabel('Answer').fill('Yes, and brushes too.');
    await item.getByRole('button', { name: 'Post answer' }).click();
    await expect(item.getByText(`Answer from ${owner.name}`)).toBeVisible();
    await expect(item.getByRole('button', { name: 'Edit answer' })).toBeVisible();

    // The asker's page shows the answer live; their Delete is gone once answered.
    const askersItem = asker
      .getByRole('region', { name: 'Questions (1)' })
      .getByRole('listitem', { name: `Question from ${askerUser.name}` });
    await expect(askersItem.getByText('Yes, and brushes too.')).toBeVisible({ timeout: 3000 });
    await expect(askersItem.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // The owner hides it: the asker still sees it, marked hidden.
    await item.getByRole('button', { name: 'Hide' }).click();
    await expect(item.getByText('Hidden', { exact: true })).toBeVisible();
    await expect(askersItem.getByText('Hidden', { exact: true })).toBeVisible({ timeout: 3000 });
    await context.close();
  });

  test('an empty question is stopped by the browser; the asker deletes an unanswered one', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const poster = await accounts.apiUser('poster');
    const taskId = await createTask(poster.api, baseURL!, { title: `Ask ${uniqueToken()}` });
    const me = await accounts.signInPage('asker');
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByText('No questions yet. Ask the first one.')).toBeVisible();
    const box = page.getByLabel('Ask a question');
    await expect(box).toHaveAttribute('maxlength', '1000');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    expect(await box.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);

    await box.fill('Can it wait a week?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const item = page.getByRole('listitem', { name: `Question from ${me.name}` });
    await expect(item).toContainText('Can it wait a week?');
    await item.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Questions (0)' })).toBeVisible();
  });
});
