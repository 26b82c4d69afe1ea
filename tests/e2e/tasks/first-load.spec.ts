/**
 * A first load of a protected screen asks for the session and for the screen's data at the
 * same time: the session's answer is held back here, and the task's request must still go.
 */
import type { Page } from '@playwright/test';
import { createTask, expect, test, uniqueToken } from './support.ts';

/** Holds every session answer until `release()`; `answered` says whether one went out. */
async function holdSession(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { answered: false, release };
  await page.route('**/api/auth/get-session*', async (route) => {
    await held;
    const response = await route.fetch();
    state.answered = true;
    await route.fulfill({ response });
  });
  return state;
}

const SCREENS = [
  { name: 'the task page', path: (id: string) => `/browse-tasks/${id}`, h1: (t: string) => t },
  {
    name: 'the bids page',
    path: (id: string) => `/view-bids/${id}`,
    h1: (t: string) => `Bids for: ${t}`,
  },
];

test.describe('first load of a protected screen', () => {
  for (const screen of SCREENS) {
    test(`${screen.name}: the session check and the data request are in flight together`, async ({
      page,
      baseURL,
      accounts,
    }) => {
      await accounts.signInPage('first-load');
      const title = `Parallel ${uniqueToken()}`;
      const taskId = await createTask(page.request, baseURL!, { title });
      const session = await holdSession(page);
      const taskRequest = page.waitForRequest(
        (request) => new URL(request.url()).pathname === `/api/tasks/${taskId}`,
        { timeout: 10_000 },
      );
      await page.goto(screen.path(taskId), { waitUntil: 'commit' });
      await taskRequest;
      expect(session.answered, 'the task was asked for before the session answered').toBe(false);
      session.release();
      await expect(
        page.getByRole('heading', { level: 1, name: screen.h1(title), exact: true }),
      ).toBeVisible();
    });
  }

  test('a signed-out visitor still goes to the sign-in page', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('poster');
    const taskId = await createTask(owner.api, baseURL!, { title: `Closed ${uniqueToken()}` });
    await page.goto(`/view-bids/${taskId}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
