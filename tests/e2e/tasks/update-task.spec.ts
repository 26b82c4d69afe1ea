import { createTask, expect, test, uniqueToken } from './support.ts';

test.describe('update a task', () => {
  test('prefilled; No Changes; then a change is saved and leads to my tasks', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('editor');
    const title = `Edit me ${uniqueToken()}`;
    const id = await createTask(page.request, baseURL!, {
      title,
      budget: 80,
      estimatedTime: 3,
      category: 'Research',
      priority: 'Urgent',
      status: 'On Hold',
      location: 'Porto',
    });
    await page.goto(`/update-task/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Task' })).toBeVisible();
    await expect(page.getByLabel('Task Title')).toHaveValue(title);
    await expect(page.getByLabel('Priority Level')).toHaveValue('Urgent');
    await expect(page.getByLabel('Category')).toHaveValue('Research');
    await expect(page.getByLabel('Deadline')).toHaveValue('2030-06-30');
    await expect(page.getByLabel('Estimated Time (hours)')).toHaveValue('3');
    await expect(page.getByLabel('Budget')).toHaveValue('80');
    await expect(page.getByLabel('Initial Status')).toHaveValue('On Hold');
    await expect(page.getByLabel('Location')).toHaveValue('Porto');

    const submit = page.getByRole('button', { name: 'Update Task' });
    await submit.click();
    const unchanged = page.getByRole('dialog', { name: 'No Changes' });
    await expect(unchanged).toContainText('No updates were made to the task.');
    await unchanged.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`/update-task/${id}`);

    await page.getByLabel('Task Title').fill(`${title} v2`);
    await page.getByLabel('Budget').fill('95.5');
    await submit.click();
    const saved = page.getByRole('dialog', { name: 'Success!' });
    await expect(saved).toContainText('Task updated successfully.');
    await saved.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/my-tasks$/);
    const row = page.getByRole('row').filter({ hasText: `${title} v2` });
    await expect(row).toContainText('$95.50');
  });

  test('a failed update says Error / Failed to update task.', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('editor');
    const id = await createTask(page.request, baseURL!);
    await page.route(`**/api/tasks/${id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Internal error' } })
        : route.fallback(),
    );
    await page.goto(`/update-task/${id}`);
    await page.getByLabel('Task Title').fill('Changed');
    await page.getByRole('button', { name: 'Update Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error', exact: true });
    await expect(dialog).toContainText('Failed to update task.');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`/update-task/${id}`);
    await expect(page.getByLabel('Task Title')).toHaveValue('Changed');
  });

  test('Back to Task goes back', async ({ page, baseURL, accounts }) => {
    await accounts.signInPage('editor');
    const title = `Back ${uniqueToken()}`;
    const id = await createTask(page.request, baseURL!, { title });
    await page.goto('/my-tasks');
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: /^Edit/ })
      .click();
    await expect(page).toHaveURL(`/update-task/${id}`);
    await page.getByRole('button', { name: 'Back to Task' }).click();
    await expect(page).toHaveURL(/\/my-tasks$/);
  });

  test("someone else's task shows a not-yours screen", async ({ page, baseURL, accounts }) => {
    const owner = await accounts.apiUser('owner');
    const id = await createTask(owner.api, baseURL!);
    await accounts.signInPage('intruder');
    await page.goto(`/update-task/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This is not your task' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Task' })).toHaveCount(0);
  });
});
