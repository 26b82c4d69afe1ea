import type { Page } from '@playwright/test';

// The add-task form after the server refused its deadline (one that passed while the form
// was open): the refusal is shown beside the field. The tasks API answer stays stubbed until
// the caller unroutes it.
export async function refusedDeadline(page: Page) {
  await page.route('**/api/tasks', (route) =>
    route.fulfill({
      status: 400,
      json: {
        message: 'Invalid body: body.deadline must be today or later',
        issues: [{ path: 'body.deadline', message: 'must be today or later' }],
      },
    }),
  );
  await page.getByLabel('Task Title').fill('Design a logo for a bakery');
  await page.getByLabel('Priority Level').selectOption('Low');
  await page.getByLabel('Category').selectOption('Design');
  await page.getByLabel('Deadline').fill('2030-09-15');
  await page.getByLabel('Task Description').fill('A round logo with a wheat sheaf.');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await page.getByText('Deadline must be today or later').waitFor();
}
