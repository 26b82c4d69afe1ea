/**
 * The accessibility matrix, signed in: WCAG 2.2 A/AA (axe) on every signed-in route and the dialogs, menus and panels that matter,
 * light and dark, 375 and 1280 px (screens and helpers in support/axe-matrix.ts).
 */
import { accountButton } from './support/test.ts';
import {
  scanAll,
  expectNone,
  searchDialog,
  mobileMenu,
  CONTENT_PAGES,
  home,
} from './support/axe-matrix.ts';
import { createTask, expect, placeBid, test, uniqueToken } from './tasks/support.ts';

test.describe('accessibility matrix, signed in (axe, WCAG 2.2 AA)', () => {
  test.describe.configure({ timeout: 480_000 });

  test('signed in: task screens, my bids, the accept and delete dialogs, notifications', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('a11y');
    const token = uniqueToken('a11yin');
    const mine = await createTask(page.request, baseURL!, {
      title: `Mine ${token}`,
      priority: 'Urgent',
    });
    const quiet = await createTask(page.request, baseURL!, {
      title: `Quiet ${token}`,
      status: 'On Hold',
    });
    const other = await accounts.apiUser('a11y-other');
    const theirs = await createTask(other.api, baseURL!, { title: `Theirs ${token}`, budget: 300 });
    for (const amount of [100, 110, 120]) {
      await placeBid(other.api, baseURL!, mine, amount, 'I have done this before.');
    }
    await placeBid(page.request, baseURL!, theirs, 250, 'Happy to help.');
    // Questions on both task pages: answered on theirs, one to answer (and hide) on mine.
    const ask = async (api: typeof page.request, taskId: string, text: string) => {
      const res = await api.post(`/api/tasks/${taskId}/questions`, {
        data: { text },
        headers: { origin: baseURL! },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { _id: string })._id;
    };
    const asked = await ask(page.request, theirs, 'Is the budget fixed?');
    const answered = await other.api.post(`/api/questions/${asked}/answer`, {
      data: { answer: 'Yes, it is.' },
      headers: { origin: baseURL! },
    });
    expect(answered.ok()).toBe(true);
    await ask(other.api, mine, 'Can I start next week?');
    // Completed work, so the review form and a profile with a track record are scanned too.
    const done = await createTask(page.request, baseURL!, { title: `Done ${token}` });
    const doneBid = await placeBid(other.api, baseURL!, done, 90, 'Glad to.');
    const headers = { origin: baseURL! };
    expect((await page.request.post(`/api/bids/${doneBid}/accept`, { headers })).ok()).toBe(true);
    expect((await page.request.post(`/api/tasks/${done}/complete`, { headers })).ok()).toBe(true);
    const otherId = (await (await other.api.get('/api/auth/get-session')).json()).user.id;
    await page.goto('/my-tasks');

    expectNone(
      await scanAll(page, [
        {
          name: '/browse-tasks (search results)',
          path: `/browse-tasks?search=${token}`,
          heading: 'Discover Tasks That Match Your Skills',
          then: (page) =>
            expect(page.getByRole('heading', { name: `Theirs ${token}` })).toBeVisible(),
        },
        {
          name: '/browse-tasks/:id (bid form, an answered question)',
          path: `/browse-tasks/${theirs}`,
          heading: `Theirs ${token}`,
        },
        {
          name: '/browse-tasks/:id (completed: Leave a review)',
          path: `/browse-tasks/${done}`,
          heading: `Done ${token}`,
        },
        { name: '/users/:id (signed in)', path: `/users/${otherId}`, heading: other.user.name },
        {
          name: '/browse-tasks/:id (own task, a question to answer)',
          path: `/browse-tasks/${mine}`,
          heading: `Mine ${token}`,
          then: (page) => page.getByText('Answer this question').click(),
        },
        { path: '/add-task', heading: 'Create a New Task' },
        {
          name: '/my-tasks (with tasks)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: (page) =>
            expect(page.getByRole('button', { name: `Delete Quiet ${token}` })).toBeVisible(),
        },
        { name: '/update-task/:id', path: `/update-task/${mine}`, heading: 'Update Task' },
        {
          name: '/view-bids/:id (with bids)',
          path: `/view-bids/${mine}`,
          heading: `Bids for: Mine ${token}`,
        },
        {
          name: '/view-bids/:id (no bids)',
          path: `/view-bids/${quiet}`,
          heading: `Bids for: Quiet ${token}`,
        },
        {
          name: '/view-bids/:id (not your task)',
          path: `/view-bids/${theirs}`,
          heading: 'This is not your task',
        },
        {
          name: '/my-bids (with a bid)',
          path: '/my-bids',
          heading: 'My Bids',
          then: (page) =>
            expect(
              page.getByRole('main').getByText(`Theirs ${token}`).filter({ visible: true }).first(),
            ).toBeVisible(),
        },
        {
          name: 'accept dialog (over /view-bids/:id)',
          path: `/view-bids/${mine}`,
          heading: `Bids for: Mine ${token}`,
          then: async (page) => {
            await page.getByRole('button', { name: 'Accept' }).first().click();
            await expect(page.getByRole('alertdialog', { name: 'Accept this bid?' })).toBeVisible();
          },
        },
        {
          // Over a page with no controls under the panel, like the user dropdown: over the
          // /my-tasks table axe counts the row buttons it half covers as too small (target-size).
          name: 'notifications panel (over /privacy-policy)',
          path: '/privacy-policy',
          heading: 'Privacy Policy',
          then: async (page) => {
            await page
              .getByRole('banner')
              .getByRole('button', { name: /^Notifications/ })
              .click();
            await expect(
              page.getByRole('heading', { level: 2, name: 'Notifications' }),
            ).toBeVisible();
          },
        },
        {
          name: 'delete dialog (over /my-tasks)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: async (page) => {
            await page.getByRole('button', { name: `Delete Mine ${token}` }).click();
            await expect(
              page.getByRole('alertdialog', { name: 'Delete this task?' }),
            ).toBeVisible();
          },
        },
      ]),
    );
  });

  test('signed in: the inbox and a conversation', async ({ page, baseURL, accounts }) => {
    await accounts.signInPage('a11y-writer');
    const token = uniqueToken('a11ymsg');
    const taskId = await createTask(page.request, baseURL!, { title: `Talk ${token}` });
    const other = await accounts.apiUser('a11y-reader');
    await placeBid(other.api, baseURL!, taskId, 150, 'Glad to help.');
    const otherId = (await (await other.api.get('/api/auth/get-session')).json()).user.id;
    const headers = { origin: baseURL! };
    const opened = await page.request.post('/api/threads', {
      data: { taskId, bidderId: otherId },
      headers,
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    const thread = ((await opened.json()) as { id: string }).id;
    // A message each, one with a link and two lines (unread until the thread is scanned).
    for (const [api, body] of [
      [page.request, 'Could you share a portfolio?'],
      [other.api, 'Sure, here it is: https://example.com/portfolio\nThree logos for cafés.'],
    ] as const) {
      const sent = await api.post(`/api/threads/${thread}/messages`, { data: { body }, headers });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await page.goto('/my-tasks');

    expectNone(
      await scanAll(page, [
        {
          name: '/messages (a conversation, unread)',
          path: '/messages',
          heading: 'Messages',
          then: (page) =>
            expect(page.getByRole('list', { name: 'Conversations' })).toContainText(
              `Talk ${token}`,
            ),
        },
        {
          name: '/messages/:id (a thread)',
          path: `/messages/${thread}`,
          heading: other.user.name,
          then: (page) => expect(page.getByRole('log')).toContainText('Three logos for cafés.'),
        },
      ]),
    );
  });

  test('signed in: home, profile, content pages, empty my-tasks, my-bids and messages, header states', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('a11y-new');
    await page.goto('/profile');
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page, `${path} when signed in`).toHaveURL((url) => url.pathname === '/');
    }

    expectNone(
      await scanAll(page, [
        home,
        {
          path: '/profile',
          heading: 'Profile Settings',
          then: (page) =>
            expect(
              page
                .getByRole('region', { name: 'Active sessions' })
                .getByText('This device', { exact: true }),
            ).toBeVisible(),
        },
        {
          name: '/profile (delete account dialog)',
          path: '/profile',
          heading: 'Profile Settings',
          then: async (page) => {
            await page
              .getByRole('region', { name: 'Delete account' })
              .getByRole('button', { name: 'Delete account' })
              .click();
            await expect(page.getByRole('alertdialog')).toBeVisible();
          },
        },
        {
          name: '/my-tasks (empty)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: (page) =>
            expect(page.getByRole('heading', { name: 'No tasks posted yet' })).toBeVisible(),
        },
        {
          name: '/my-bids (empty)',
          path: '/my-bids',
          heading: 'My Bids',
          then: (page) =>
            expect(
              page.getByRole('heading', { name: 'You have not placed any bids yet.' }),
            ).toBeVisible(),
        },
        {
          name: '/messages (empty)',
          path: '/messages',
          heading: 'Messages',
          then: (page) =>
            expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible(),
        },
        ...CONTENT_PAGES,
        {
          name: 'user dropdown (over /cookies)',
          path: '/cookies',
          heading: 'Cookies Policy',
          then: async (page) => {
            await accountButton(page).click();
            await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
          },
        },
        searchDialog,
        mobileMenu,
      ]),
    );
  });
});
