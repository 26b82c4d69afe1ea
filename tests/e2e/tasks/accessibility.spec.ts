import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  createTask,
  expect,
  newApiUser,
  placeBid,
  signUpPage,
  test,
  uniqueToken,
} from './support.ts';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

for (const theme of ['light', 'dark'] as const) {
  test(`the task screens and the delete dialog have no WCAG 2.2 AA violations (${theme})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpPage(page, baseURL!, 'a11y');
    const token = uniqueToken('a11y');
    const mine = await createTask(page.request, baseURL!, {
      title: `Mine ${token}`,
      status: 'In Progress',
      priority: 'Urgent',
    });
    await createTask(page.request, baseURL!, { title: `Held ${token}`, status: 'On Hold' });
    const other = await newApiUser(baseURL!, 'other');
    const theirs = await createTask(other.api, baseURL!, { title: `Theirs ${token}`, budget: 300 });
    for (const amount of [100, 110, 120]) await placeBid(other.api, baseURL!, mine, amount, 'Hi');
    await placeBid(page.request, baseURL!, theirs, 250);
    await placeBid(page.request, baseURL!, theirs, 240);
    await placeBid(page.request, baseURL!, theirs, 230);

    const screens: [string, string][] = [
      ['/add-task', 'Create a New Task'],
      ['/my-tasks', 'My Posted Tasks'],
      [`/browse-tasks?search=${token}`, 'Discover Tasks That Match Your Skills'],
      [`/browse-tasks/${theirs}`, `Theirs ${token}`],
      [`/browse-tasks/${mine}`, `Mine ${token}`],
      [`/update-task/${mine}`, 'Update Task'],
      [`/view-bids/${mine}`, `Bids for: Mine ${token}`],
      [`/view-bids/${theirs}`, 'This is not your task'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }

    await page.goto(`/browse-tasks?search=${token}`);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(page.getByLabel('Sort By')).toBeVisible();
    expect(await violations(page), 'browse filters').toEqual([]);

    await page.goto('/my-tasks');
    await page
      .getByRole('row')
      .filter({ hasText: `Mine ${token}` })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this task?' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await violations(page), 'delete dialog').toEqual([]);
    await other.api.dispose();
  });
}
