import { expect, test, uniqueToken, watchRequests } from './support.ts';

test.describe('create a task', () => {
  test('every field, Task Created!, the form resets, and the task is mine', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signInPage('creator');
    await page.goto('/add-task');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a New Task' })).toBeVisible();
    await expect(page.getByLabel('Your Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Your Email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Your Name')).toHaveValue(user.name);
    await expect(page.getByLabel('Your Name')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Task Description')).toHaveAttribute('rows', '5');
    await expect(page.getByLabel('Priority Level').getByRole('option')).toHaveText([
      'Select priority',
      'Low',
      'Medium',
      'High',
      'Urgent',
    ]);
    await expect(page.getByLabel('Initial Status').getByRole('option')).toHaveText([
      'Not Started',
      'On Hold',
    ]);

    const title = `Created ${uniqueToken()}`;
    await page.getByLabel('Task Image URL').fill('https://images.example.com/a.png');
    await page.getByLabel('Task Title').fill(title);
    await page.getByLabel('Priority Level').selectOption('High');
    await page.getByLabel('Category').selectOption('Marketing');
    await page.getByLabel('Deadline').fill('2030-09-15');
    await page.getByLabel('Estimated Time (hours)').fill('6.5');
    await page.getByLabel('Task Description').fill('Plan a product launch.');
    await page.getByLabel('Budget').fill('450.25');
    await page.getByLabel('Initial Status').selectOption('On Hold');
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByRole('button', { name: 'Create Task' }).click();

    const dialog = page.getByRole('dialog', { name: 'Task Created!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Your task has been successfully created');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Task Title')).toHaveValue('');
    await expect(page.getByLabel('Budget')).toHaveValue('');

    const mine = await page.request.get(`/api/tasks?email=${encodeURIComponent(user.email)}`);
    const [task] = (await mine.json()) as Record<string, unknown>[];
    expect(task).toMatchObject({
      title,
      imageUrl: 'https://images.example.com/a.png',
      priority: 'High',
      category: 'Marketing',
      deadline: '2030-09-15',
      estimatedTime: 6.5,
      description: 'Plan a product launch.',
      budget: 450.25,
      status: 'On Hold',
      location: 'Lisbon',
      userName: user.name,
    });
  });

  test('the browser refuses an http image URL and a budget step finer than 0.01', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('creator');
    await page.goto('/add-task');
    const posts = watchRequests(page, 'POST', '/api/tasks');
    await page.getByLabel('Task Image URL').fill('http://insecure.example.com/a.png');
    await page.getByLabel('Task Title').fill('Anything');
    await page.getByLabel('Priority Level').selectOption('Low');
    await page.getByLabel('Category').selectOption('Design');
    await page.getByLabel('Deadline').fill('2030-09-15');
    await page.getByLabel('Task Description').fill('Text');
    await page.getByRole('button', { name: 'Create Task' }).click();
    const imageUrl = page.getByLabel('Task Image URL');
    expect(await imageUrl.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(
      true,
    );

    await imageUrl.fill('');
    await page.getByLabel('Budget').fill('10.005');
    await page.getByRole('button', { name: 'Create Task' }).click();
    expect(
      await page.getByLabel('Budget').evaluate((el: HTMLInputElement) => el.validity.stepMismatch),
    ).toBe(true);
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);
  });

  test('a failed create says Error!', async ({ page, accounts }) => {
    await accounts.signInPage('creator');
    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'Something broke.' } })
        : route.fallback(),
    );
    await page.goto('/add-task');
    await page.getByLabel('Task Title').fill('Will fail');
    await page.getByLabel('Priority Level').selectOption('Low');
    await page.getByLabel('Category').selectOption('Design');
    await page.getByLabel('Deadline').fill('2030-09-15');
    await page.getByLabel('Task Description').fill('Text');
    const submit = page.getByRole('button', { name: 'Create Task' });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Error!' });
    await expect(dialog).toContainText('There was an error creating your task');
    // Focus moved into the dialog and comes back when it closes.
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(submit).toBeFocused();
    // The form keeps what was typed.
    await expect(page.getByLabel('Task Title')).toHaveValue('Will fail');
  });

  test('signed-out visitors are sent to login', async ({ page }) => {
    await page.goto('/add-task');
    await expect(page).toHaveURL(/\/login$/);
  });
});
