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

  test('Task Created! leads on: "Post another" to an empty form, "View task" to the new task', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('creator');
    await page.goto('/add-task');
    const fill = async (title: string) => {
      await page.getByLabel('Task Title').fill(title);
      await page.getByLabel('Priority Level').selectOption('Low');
      await page.getByLabel('Category').selectOption('Design');
      await page.getByLabel('Deadline').fill('2030-09-15');
      await page.getByLabel('Task Description').fill('Text');
      await page.getByRole('button', { name: 'Create Task' }).click();
    };
    const dialog = page.getByRole('dialog', { name: 'Task Created!' });

    await fill(`First ${uniqueToken()}`);
    await expect(dialog).toContainText('Your task has been successfully created');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Post another' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Task Title')).toBeFocused();
    await expect(page.getByLabel('Task Title')).toHaveValue('');

    const second = `Second ${uniqueToken()}`;
    await fill(second);
    await dialog.getByRole('link', { name: 'View task' }).click();
    await expect(page).toHaveURL(/\/browse-tasks\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
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

  test('a refused deadline is said once, under Deadline, in plain words', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('creator');
    // The server's answer to a deadline that passed while the form was open.
    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              message: 'Invalid body: body.deadline must be today or later',
              code: 'VALIDATION_FAILED',
              issues: [{ path: 'body.deadline', message: 'must be today or later' }],
            },
          })
        : route.fallback(),
    );
    await page.goto('/add-task');
    await page.getByLabel('Task Title').fill('Too late');
    await page.getByLabel('Priority Level').selectOption('Low');
    await page.getByLabel('Category').selectOption('Design');
    await page.getByLabel('Deadline').fill('2030-09-15');
    await page.getByLabel('Task Description').fill('Text');
    await page.getByRole('button', { name: 'Create Task' }).click();

    const deadline = page.getByLabel('Deadline');
    await expect(deadline).toHaveAttribute('aria-invalid', 'true');
    await expect(deadline).toBeFocused();
    await expect(deadline).toHaveAccessibleDescription(/^Deadline must be today or later/);
    await expect(page.getByText('Deadline must be today or later')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/Invalid body/)).toHaveCount(0);
    await expect(page.getByLabel('Task Title')).toHaveValue('Too late');
  });

  test('the rules are said beside their fields; the date picker starts at the server’s today', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('creator');
    await page.goto('/add-task');
    await expect(page.getByLabel('Task Image URL')).toHaveAccessibleDescription(
      'A public address starting with https:// (http:// is refused).',
    );
    await expect(page.getByLabel('Budget')).toHaveAccessibleDescription(
      'In US dollars, $1,000,000,000 at most.',
    );
    await expect(page.getByLabel('Budget')).toHaveAttribute('max', '1000000000');
    await expect(page.getByLabel('Deadline')).toHaveAccessibleDescription('Today or later.');
    // Today where it is earliest (UTC−12), as the server decides: nobody's today is refused.
    const serverToday = new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
    await expect(page.getByLabel('Deadline')).toHaveAttribute('min', serverToday);
  });

  test('signed-out visitors are sent to login', async ({ page }) => {
    await page.goto('/add-task');
    await expect(page).toHaveURL(/\/login$/);
  });
});
