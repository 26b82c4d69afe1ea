/**
 * The accessibility matrix, signed in: WCAG 2.2 A/AA (axe) on every signed-in route and the dialogs, menus and panels that matter,
 * light and dark, 375 and 1280 px (screens and helpers in support/axe-matrix.ts).
 */
import { accountButton, uniqueUser } from './support/test.ts';
import { refusedDeadline } from './support/form-states.ts';
import { report, signInOperator, userId } from './admin/support.ts';
import {
  scanAll,
  expectNone,
  searchDialog,
  mobileMenu,
  CONTENT_PAGES,
  home,
  SETTINGS_SCREENS,
  yourOffer,
  withdrawDialog,
  profilePhotoPicked,
  taskPhotosPicked,
  consoleScreens,
  settingsSection,
  type Screen,
} from './support/axe-matrix.ts';
import sharp from 'sharp';
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
    // A withdrawn offer of mine; and on my task, someone else's withdrawn one beside the
    // edited one (the three bids above make one offer, changed twice).
    const left = await createTask(other.api, baseURL!, { title: `Left ${token}` });
    const leftBid = await placeBid(page.request, baseURL!, left, 200, 'Maybe.');
    const third = await accounts.apiUser('a11y-third');
    const thirdBid = await placeBid(third.api, baseURL!, mine, 95, 'Could do.');
    for (const [api, id] of [
      [page.request, leftBid],
      [third.api, thirdBid],
    ] as const) {
      const res = await api.post(`/api/bids/${id}/withdraw`, { headers: { origin: baseURL! } });
      expect(res.ok(), await res.text()).toBe(true);
    }
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
    const confirmed = await other.api.post(`/api/tasks/${done}/confirm-completion`, { headers });
    expect(confirmed.ok()).toBe(true);
    // Assigned both ways: I hired someone, and someone hired me.
    const hired = await createTask(page.request, baseURL!, { title: `Hired ${token}` });
    const hiredBid = await placeBid(other.api, baseURL!, hired, 80);
    expect((await page.request.post(`/api/bids/${hiredBid}/accept`, { headers })).ok()).toBe(true);
    const forMe = await createTask(other.api, baseURL!, { title: `For me ${token}` });
    const myBid = await placeBid(page.request, baseURL!, forMe, 70);
    expect((await other.api.post(`/api/bids/${myBid}/accept`, { headers })).ok()).toBe(true);
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
        yourOffer(`/browse-tasks/${theirs}`, `Theirs ${token}`, 'Pending'),
        yourOffer(`/browse-tasks/${left}`, `Left ${token}`, 'Withdrawn'),
        withdrawDialog(`/browse-tasks/${theirs}`, `Theirs ${token}`),
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
        {
          name: '/browse-tasks/:id (own task, assigned: its outcome)',
          path: `/browse-tasks/${hired}`,
          heading: `Hired ${token}`,
          then: (page) => expect(page.getByRole('heading', { name: /^You hired/ })).toBeVisible(),
        },
        {
          name: '/browse-tasks/:id (assigned to me: You’re assigned)',
          path: `/browse-tasks/${forMe}`,
          heading: `For me ${token}`,
          then: (page) =>
            expect(page.getByRole('heading', { name: 'You’re assigned' })).toBeVisible(),
        },
        { path: '/add-task', heading: 'Create a New Task' },
        {
          name: '/add-task (a refused deadline beside its field)',
          path: '/add-task',
          heading: 'Create a New Task',
          then: async (page) => {
            await refusedDeadline(page);
            await page.unroute('**/api/tasks');
          },
        },
        {
          name: '/my-tasks (with tasks)',
          path: '/my-tasks',
          heading: 'My Posted Tasks',
          then: (page) =>
            expect(page.getByRole('button', { name: `Delete Quiet ${token}` })).toBeVisible(),
        },
        { name: '/update-task/:id', path: `/update-task/${mine}`, heading: 'Update Task' },
        {
          name: '/view-bids/:id (with bids: an edited offer, a withdrawn one, track records)',
          path: `/view-bids/${mine}`,
          heading: `Bids for: Mine ${token}`,
          then: async (page) => {
            await expect(page.getByText('Withdrawn')).toBeVisible();
            await page.getByText('Earlier versions (2)').click();
          },
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
          name: '/messages/:id (a thread with its task; the list beside it on a desktop)',
          path: `/messages/${thread}`,
          heading: other.user.name,
          then: async (page) => {
            await expect(page.getByRole('log')).toContainText('Three logos for cafés.');
            await expect(
              page.getByRole('region', { name: 'About the task' }).getByRole('link'),
            ).toHaveText(`Talk ${token}`);
          },
        },
      ]),
    );
  });

  test('signed in: blocking: its dialog, the closed conversation on both sides, the blocked people list', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    test.setTimeout(180_000);
    const me = await accounts.signInPage('a11y-blocker');
    const token = uniqueToken('a11yblk');
    const taskId = await createTask(page.request, baseURL!, { title: `Block ${token}` });
    const otherContext = await browser.newContext({ baseURL });
    const otherPage = await otherContext.newPage();
    const other = await accounts.signInPage('a11y-blocked', otherPage);
    await placeBid(otherPage.request, baseURL!, taskId, 150, 'Glad to help.');
    const headers = { origin: baseURL! };
    const opened = await otherPage.request.post('/api/threads', { data: { taskId }, headers });
    expect(opened.ok(), await opened.text()).toBe(true);
    const thread = ((await opened.json()) as { id: string }).id;
    const otherId = (await (await otherPage.request.get('/api/auth/get-session')).json()).user.id;
    const threadScreen = (state: string, withWhom: string, note: string): Screen => ({
      name: `/messages/:id (${state})`,
      path: `/messages/${thread}`,
      heading: withWhom,
      then: (page) => expect(page.getByText(note)).toBeVisible(),
    });

    await page.goto('/my-tasks');
    expectNone(
      await scanAll(page, [
        {
          name: 'block dialog (over /messages/:id)',
          path: `/messages/${thread}`,
          heading: other.name,
          then: async (page) => {
            await page.getByRole('button', { name: `Block ${other.name}` }).click();
            await expect(
              page.getByRole('alertdialog', { name: `Block ${other.name}?` }),
            ).toBeVisible();
          },
        },
      ]),
    );
    const blocked = await page.request.post('/api/blocks', { data: { userId: otherId }, headers });
    expect(blocked.status(), await blocked.text()).toBe(201);
    expectNone(
      await scanAll(page, [
        threadScreen(
          'blocked by me',
          other.name,
          'You blocked this person. Unblock to write again.',
        ),
        settingsSection('/profile/blocked-people', 'Blocked people', (page) =>
          expect(page.getByRole('list', { name: 'Blocked people' })).toContainText(other.name),
        ),
      ]),
    );
    await otherPage.goto('/my-bids');
    expectNone(
      await scanAll(otherPage, [
        threadScreen('cannot contact', me.name, 'You can’t contact this person.'),
        {
          name: '/browse-tasks/:id (cannot contact its poster)',
          path: `/browse-tasks/${taskId}`,
          heading: `Block ${token}`,
          then: (page) => expect(page.getByText('You can’t contact this person.')).toHaveCount(2),
        },
      ]),
    );
    await otherContext.close();
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
        ...SETTINGS_SCREENS,
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
        {
          name: '/welcome (answered: the next steps)',
          path: '/welcome',
          heading: 'Your next steps',
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

  test('signed in: photo uploads (picked and previewed, refused, a task page with photos)', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('a11y-photos');
    const token = uniqueToken('a11yph');
    const taskId = await createTask(page.request, baseURL!, { title: `Photos ${token}` });
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#2a7a6f' },
    })
      .png()
      .toBuffer();
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`/api/tasks/${taskId}/photos`, {
        data: photo,
        headers: { origin: baseURL!, 'content-type': 'image/png' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto('/my-tasks');
    expectNone(
      await scanAll(page, [
        profilePhotoPicked(photo),
        taskPhotosPicked(taskId, photo),
        {
          name: '/browse-tasks/:id (own task with photos)',
          path: `/browse-tasks/${taskId}`,
          heading: `Photos ${token}`,
          then: (page) =>
            expect(page.getByRole('region', { name: 'Photos' }).getByRole('img')).toHaveCount(2),
        },
      ]),
    );
  });

  test('signed in: the welcome of a new account (the question)', async ({
    page,
    baseURL,
    accounts,
  }) => {
    // A new account, signed in without skipping its welcome.
    const user = accounts.track(uniqueUser('a11y-welcome'));
    const headers = { origin: baseURL! };
    const signedUp = await page.request.post('/api/auth/sign-up/email', { data: user, headers });
    expect(signedUp.status()).toBe(200);
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers,
    });
    expect(signedIn.status()).toBe(200);
    await page.goto('/pricing');
    expectNone(
      await scanAll(page, [
        {
          name: '/welcome (what brings you here?)',
          path: '/welcome',
          heading: /^Welcome to TaskBid/,
          then: (page) => expect(page.getByRole('button', { name: 'Get work done' })).toBeVisible(),
        },
      ]),
    );
  });

  test('the operator console (an admin): dashboard, queue, people, a person, a dialog, a task, audit log', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const author = await accounts.apiUser('a11y-author');
    const reporter = await accounts.apiUser('a11y-reporter');
    const title = `Reported ${uniqueToken()}`;
    const task = await createTask(author.api, baseURL!, { title });
    await report(reporter.api, baseURL!, 'task', task, 'spam', 'Posted ten times.');
    await signInOperator(accounts, page, 'admin', 'a11y-admin');
    await page.goto('/admin');
    expectNone(
      await scanAll(
        page,
        consoleScreens(
          { id: await userId(author.api), name: author.user.name },
          { id: task, title },
        ),
      ),
    );
  });
});
