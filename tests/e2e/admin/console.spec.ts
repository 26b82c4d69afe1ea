/**
 * The operator console at /admin: who sees it, and the journey from a member's report to a
 * suspension and back (docs/moderation.md).
 */
import { accountButton } from '../support/test.ts';
import { createTask, expect, placeBid, test, uniqueToken } from '../tasks/support.ts';
import { fillLogin, grantRole, queueItem, report, signInOperator, userId } from './support.ts';

const SUSPENDED =
  'This account is suspended. The e-mail we sent you says why, until when, and how to appeal.';

/** A UTC day from today, as a date input takes it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('operator console', () => {
  test('a member gets the not-found page at /admin, and no Admin link', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('member');
    await page.goto('/');
    await expect(accountButton(page)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
    for (const path of ['/admin', '/admin/queue', '/admin/people', '/admin/audit-log']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    }
  });

  test('support reads the queue and people, without actions or the audit log', async ({
    page,
    accounts,
    baseURL,
  }) => {
    const author = await accounts.apiUser('author');
    const reporter = await accounts.apiUser('reporter');
    const task = await createTask(author.api, baseURL!, { title: `Cheap ${uniqueToken()}` });
    await report(reporter.api, baseURL!, 'task', task, 'spam', 'Posted ten times today.');
    await signInOperator(accounts, page, 'support');
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Open items')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Console' });
    await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Review queue' }).click();
    const item = queueItem(page, author.user.name);
    await expect(item.getByText('Spam or misleading content')).toBeVisible();
    await expect(item.getByText('Posted ten times today.')).toBeVisible();
    await expect(item.getByRole('button')).toHaveCount(0);
    await item.getByRole('link', { name: author.user.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: author.user.name })).toBeVisible();
    await expect(page.getByText('Support reads; moderators act on accounts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ban' })).toHaveCount(0);
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });

  test('report → moderator upholds and suspends the author → admin reinstates', async ({
    page,
    accounts,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    // A member reports another's message through the API.
    const author = await accounts.apiUser('author');
    const authorId = await userId(author.api);
    const reporter = await accounts.apiUser('reporter');
    const task = await createTask(reporter.api, baseURL!, { title: `Logo ${uniqueToken()}` });
    await placeBid(author.api, baseURL!, task, 120, 'I can do it.');
    const headers = { origin: baseURL! };
    const opened = await author.api.post('/api/threads', { data: { taskId: task }, headers });
    expect([200, 201], await opened.text()).toContain(opened.status());
    const { id: threadId } = (await opened.json()) as { id: string };
    const sent = await author.api.post(`/api/threads/${threadId}/messages`, {
      data: { body: 'Pay me by wire transfer and skip the site fees.' },
      headers,
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const message = (await sent.json()) as { id: string };
    await report(reporter.api, baseURL!, 'message', message.id, 'scam', 'Wants paying off-site.');

    // The moderator finds it in the queue, takes it and upholds it.
    await signInOperator(accounts, page, 'moderator');
    await page.goto('/admin/queue');
    const item = queueItem(page, author.user.name);
    await expect(item.getByText('Scams, or asking to be paid outside TaskBid')).toBeVisible();
    await expect(item.getByText('Pay me by wire transfer and skip the site fees.')).toBeVisible();
    await item.getByRole('button', { name: 'Take' }).click();
    await expect(item.getByText('Taken by you')).toBeVisible();
    await item.getByRole('button', { name: 'Uphold' }).click();
    const decide = page.getByRole('alertdialog', { name: 'Uphold these reports?' });
    // Spaces pass the browser's `required`; the server's refusal stands beside the field.
    await decide.getByLabel('Reason').fill('   ');
    await decide.getByRole('button', { name: 'Uphold' }).click();
    await expect(decide.getByText('Say why: the audit log keeps the reason')).toBeVisible();
    await decide.getByLabel('Reason').fill('Asks to be paid outside TaskBid.');
    await decide.getByRole('button', { name: 'Uphold' }).click();
    await expect(decide).toBeHidden();
    await expect(queueItem(page, author.user.name)).toHaveCount(0);

    // … then suspends the author from their page.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'People' })
      .click();
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill(author.user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: author.user.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: author.user.name })).toBeVisible();
    await page.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('alertdialog', { name: 'Suspend this account?' });
    await suspend.getByLabel('Suspended until').fill(inDays(7));
    await suspend
      .getByLabel('Rule broken')
      .selectOption({ label: 'Scams, or asking to be paid outside TaskBid' });
    await suspend.getByLabel('Reason').fill('Asked a client to pay by wire transfer.');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(suspend).toBeHidden();
    await expect(
      page.getByText('Suspended, signed out everywhere, and told why by e-mail.'),
    ).toBeVisible();
    await expect(page.getByText(/^Suspended until /)).toBeVisible();
    await expect(page.getByText('No open sessions: signed out everywhere.')).toBeVisible();

    // The author cannot sign in.
    const authorContext = await browser.newContext({ baseURL });
    const authorPage = await authorContext.newPage();
    await fillLogin(authorPage, author.user);
    await expect(authorPage.getByText(SUSPENDED)).toBeVisible();

    // An admin reinstates them; they sign in again.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInOperator(accounts, adminPage, 'admin');
    await adminPage.goto(`/admin/people/${authorId}`);
    await expect(
      adminPage.getByRole('heading', { level: 1, name: author.user.name }),
    ).toBeVisible();
    await adminPage.getByRole('button', { name: 'Reinstate' }).click();
    const reinstate = adminPage.getByRole('alertdialog', { name: 'Reinstate this account?' });
    await reinstate.getByLabel('Reason').fill('Appeal accepted: a misunderstanding.');
    await reinstate.getByRole('button', { name: 'Reinstate' }).click();
    await expect(
      adminPage.getByText(
        'Reinstated: the suspension or limit is lifted, and they are told by e-mail.',
      ),
    ).toBeVisible();
    await expect(adminPage.getByText('Active', { exact: true })).toBeVisible();

    await fillLogin(authorPage, author.user);
    await expect(accountButton(authorPage)).toBeVisible();
    await authorContext.close();
    await adminContext.close();
  });
});

test.describe('operator console: races, roles, the audit log, widths', () => {
  test('a decision another moderator made first is said plainly, and the queue reloads', async ({
    page,
    accounts,
    baseURL,
  }) => {
    const author = await accounts.apiUser('author');
    const reporter = await accounts.apiUser('reporter');
    const task = await createTask(author.api, baseURL!, { title: `Twice ${uniqueToken()}` });
    await report(reporter.api, baseURL!, 'task', task, 'inappropriate');
    const other = await accounts.apiUser('other-mod');
    await grantRole(other.api, other.user.email, 'moderator');
    await signInOperator(accounts, page, 'moderator');
    await page.goto('/admin/queue');
    const item = queueItem(page, author.user.name);
    await item.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Dismiss these reports?' });
    await dialog.getByLabel('Reason').fill('Nothing wrong with it.');
    // Meanwhile the other moderator decides it.
    const queue = (await (await other.api.get('/api/admin/queue?limit=100')).json()) as {
      id: string;
      authorName: string;
    }[];
    const id = queue.find((q) => q.authorName === author.user.name)!.id;
    const decided = await other.api.post(`/api/admin/queue/${id}/decide`, {
      data: { outcome: 'upheld', reason: 'Seen first.' },
      headers: { origin: baseURL! },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog.getByText('This item was already decided.')).toBeVisible();
    await expect(queueItem(page, author.user.name)).toHaveCount(0);
  });

  test('an admin changes a role; the audit log lists it and exports the same filters', async ({
    page,
    accounts,
  }) => {
    const member = await accounts.apiUser('member');
    const memberId = await userId(member.api);
    await signInOperator(accounts, page, 'admin');
    await page.goto(`/admin/people/${memberId}`);
    await page.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the role?' });
    await expect(dialog.getByLabel('New role').getByRole('option')).toHaveText([
      'Select a role',
      'Support',
      'Moderator',
    ]);
    await dialog.getByLabel('New role').selectOption({ label: 'Support' });
    await dialog.getByLabel('Reason').fill('Joins the support team.');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('Role changed; it applies from their next request.')).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Target id').fill(memberId);
    await page.getByLabel('Action').selectOption('role.changed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`targetId=${memberId}`));
    const row = page.getByRole('row').filter({ hasText: 'Joins the support team.' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('role: user → support')).toBeVisible();
    const csv = page.getByRole('link', { name: 'Download CSV' });
    const href = (await csv.getAttribute('href'))!;
    expect(href).toContain('/api/admin/audit-log.csv?');
    expect(href).toContain(`targetId=${memberId}`);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain('Joins the support team.');
  });

  test('the console has no horizontal scroll at 375 and 1280 px', async ({ page, accounts }) => {
    const member = await accounts.apiUser('wide');
    const memberId = await userId(member.api);
    await signInOperator(accounts, page, 'admin');
    const screens: [string, string | RegExp][] = [
      ['/admin', 'Dashboard'],
      ['/admin/queue', 'Review queue'],
      ['/admin/people', 'People'],
      [`/admin/people/${memberId}`, member.user.name],
      ['/admin/audit-log', 'Audit log'],
    ];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
