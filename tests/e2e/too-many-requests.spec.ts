/**
 * The server refuses an address that asks too often with 429 and Retry-After (the whole
 * limit needs hundreds of requests, which would slow every other test sharing the address,
 * so the answer is played here): the screen says how long to wait, never "Page Not Found".
 */
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

test('a 429 from a screen loader says how long to wait and tries again', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('owner');
  const title = `Rate limited ${uniqueToken()}`;
  const id = await createTask(page.request, baseURL!, { title });
  let refuse = true;
  await page.route(`**/api/tasks/${id}`, (route) =>
    refuse && route.request().method() === 'GET'
      ? route.fulfill({
          status: 429,
          headers: { 'retry-after': '42' },
          json: {
            message: 'Too many requests. Try again in 42 seconds.',
            code: 'TOO_MANY_REQUESTS',
          },
        })
      : route.fallback(),
  );
  // In the app, from the list to the task.
  await page.goto(`/browse-tasks?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `View Details : ${title}` }).click();

  await expect(
    page.getByRole('heading', {
      level: 1,
      name: /^Too many requests — try again in (42|41|40) seconds$/,
    }),
  ).toBeVisible();
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  await expect(page).toHaveTitle('Too many requests · TaskBid');

  refuse = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
