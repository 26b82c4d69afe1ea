/**
 * An admin views the app as a person, read-only: the banner, a refused change, and the way
 * back (docs/moderation.md).
 */
import { createTask, expect, test, uniqueToken } from '../tasks/support.ts';
import { signInOperator, userId } from './support.ts';

test('an admin views as a member: their tasks, no changes, a banner, and Stop viewing', async ({
  page,
  accounts,
  baseURL,
}) => {
  const member = await accounts.apiUser('viewed');
  const title = `Fence ${uniqueToken()}`;
  await createTask(member.api, baseURL!, { title });
  const memberId = await userId(member.api);
  await signInOperator(accounts, page, 'admin');

  await page.goto(`/admin/people/${memberId}`);
  await page.getByRole('button', { name: 'View as this person' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'View TaskBid as this person?' });
  await dialog.getByLabel('Reason').fill('They say their task is missing.');
  await dialog.getByRole('button', { name: 'View as them' }).click();

  const banner = page.getByRole('region', { name: 'Viewing as another person' });
  await expect(banner).toContainText(`You are viewing TaskBid as ${member.user.name}.`);
  await expect(banner).toContainText('Nothing can be changed.');
  await page.goto('/my-tasks');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

  // A change is refused with the reason, and nothing is written.
  await page.goto('/add-task');
  await page.getByLabel('Task Title').fill('Posted while viewing');
  await page.getByLabel('Priority Level').selectOption('Low');
  await page.getByLabel('Category').selectOption('Design');
  await page.getByLabel('Deadline').fill('2031-01-15');
  await page.getByLabel('Task Description').fill('This must never be saved.');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByRole('dialog', { name: 'Error!' })).toContainText(
    'You are viewing TaskBid as this person, so nothing can be changed.',
  );

  await page.getByRole('button', { name: 'OK' }).click();
  await banner.getByRole('button', { name: 'Stop viewing' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/people/${memberId}$`));
  await expect(page.getByRole('heading', { level: 1, name: member.user.name })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const mine = await member.api.get(`/api/tasks?email=${encodeURIComponent(member.user.email)}`);
  expect((await mine.json()).map((t: { title: string }) => t.title)).toEqual([title]);
});
