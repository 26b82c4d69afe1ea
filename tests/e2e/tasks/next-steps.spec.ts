/**
 * What a task's two people read once it is closed, and what the owner of a task without bids
 * can do: each screen says where things stand and the next step.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken } from './support.ts';

const WIDTHS = [375, 1280];

/** The task page's side panel (budget first, then the one about the viewer). */
const sidePanel = (page: Page) => page.getByRole('complementary');

async function post(api: APIRequestContext, baseURL: string, path: string) {
  const response = await api.post(path, { headers: { origin: baseURL } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('next steps on a closed task', () => {
  test('the hired freelancer reads "You’re assigned" and what comes next, not "Bidding is closed"', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('worker');
    const owner = await accounts.apiUser('poster');
    const taskId = await createTask(owner.api, baseURL!, { title: `Assigned ${uniqueToken()}` });
    const bidId = await placeBid(page.request, baseURL!, taskId, 90);
    await post(owner.api, baseURL!, `/api/bids/${bidId}/accept`);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/browse-tasks/${taskId}`);
      const panel = sidePanel(page);
      await expect(panel.getByRole('heading', { name: 'You’re assigned' })).toBeVisible();
      await expect(panel).toContainText(
        `Do the work by Jun 30, 2030. When it is done, ${owner.user.name} marks it completed and you confirm it.`,
      );
      await expect(page.getByText('Bidding is closed')).toHaveCount(0);
      await expect(page.getByText('Bidding is closed for this task.')).toHaveCount(0);
    }

    await post(owner.api, baseURL!, `/api/tasks/${taskId}/complete`);
    await page.reload();
    await expect(sidePanel(page)).toContainText(
      `${owner.user.name} marked it completed: confirm it above, or tell them what is wrong.`,
    );
    await expect(page.getByRole('region', { name: 'Completion' })).toBeVisible();

    await post(page.request, baseURL!, `/api/tasks/${taskId}/confirm-completion`);
    await page.reload();
    await expect(
      sidePanel(page).getByRole('heading', { name: 'You completed this task' }),
    ).toBeVisible();
  });

  test('the owner of an assigned, then completed task reads its outcome, not "You cannot bid"', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('poster');
    const worker = await accounts.apiUser('worker');
    const taskId = await createTask(page.request, baseURL!, { title: `Hired ${uniqueToken()}` });
    const bidId = await placeBid(worker.api, baseURL!, taskId, 90);
    await post(page.request, baseURL!, `/api/bids/${bidId}/accept`);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/browse-tasks/${taskId}`);
      const panel = sidePanel(page);
      await expect(
        panel.getByRole('heading', { name: `You hired ${worker.user.name}` }),
      ).toBeVisible();
      await expect(panel).toContainText('When it is done, mark it completed on the bids page');
      await expect(page.getByText('You cannot bid on your own task.')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'View Bids' })).toHaveAttribute(
        'href',
        `/view-bids/${taskId}`,
      );
    }

    await post(page.request, baseURL!, `/api/tasks/${taskId}/complete`);
    await post(worker.api, baseURL!, `/api/tasks/${taskId}/confirm-completion`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/browse-tasks/${taskId}`);
      const panel = sidePanel(page);
      await expect(panel.getByRole('heading', { name: 'This task is completed' })).toBeVisible();
      await expect(panel).toContainText(`${worker.user.name} did this task.`);
      await expect(page.getByText('You cannot bid on your own task.')).toHaveCount(0);
      await panel.getByRole('link', { name: 'Leave a review' }).click();
      await expect(page).toHaveURL(/#task-reviews$/);
    }
  });
});

test.describe('the owner’s empty bids page', () => {
  test('keeps its words and offers to share the task: Copy link, then "Copied"', async ({
    page,
    context,
    baseURL,
    accounts,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await accounts.signInPage('poster');
    const taskId = await createTask(page.request, baseURL!, { title: `Lonely ${uniqueToken()}` });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/view-bids/${taskId}`);
      await expect(
        page.getByRole('heading', { name: 'No bids have been placed for this task yet.' }),
      ).toBeVisible();
      await expect(page.getByText('Be the first to place a bid!')).toBeVisible();
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${baseURL}/browse-tasks/${taskId}`,
      );
    }
  });

  test('on a device that can share, "Share" hands the task’s link to it', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await accounts.signInPage('poster');
    const title = `Shared ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/view-bids/${taskId}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    expect(
      await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared),
    ).toEqual([{ title, url: `${baseURL}/browse-tasks/${taskId}` }]);
  });
});
