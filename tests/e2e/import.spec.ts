import { randomBytes, randomUUID } from 'node:crypto';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { TEST_IMPORT_PATH } from './support/stack.ts';
import { accountButton, expect, test } from './support/test.ts';

/** A fresh first-version id (a MongoDB ObjectId: 24 hex digits, the first 8 its time). */
const objectId = () => `65a0c000${randomBytes(8).toString('hex')}`;

/** Imports a first-version export (one document a line) into the server under test. */
async function importExport(tasks: object[], bids: object[] = []) {
  const lines = (docs: object[]) => docs.map((d) => `${JSON.stringify(d)}\n`).join('');
  const response = await fetch(`${process.env.E2E_BASE_URL}${TEST_IMPORT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tasks: lines(tasks), bids: lines(bids) }),
  });
  expect(response.status).toBe(200);
  expect((await response.json()).rejected).toBe(0);
}

function firstVersionTask(oldId: string, title: string, email: string) {
  return {
    _id: { $oid: oldId },
    title,
    description: 'Posted on the first version of TaskBid.',
    category: 'design',
    priority: 'High',
    deadline: '2030-05-01',
    price: '$1,200.50',
    status: 'open',
    userEmail: email,
    userName: 'Olga Oldtimer',
  };
}

test.describe('moving in from the first version', () => {
  test('an old link to a task opens the imported task', async ({ page, accounts }) => {
    const tag = randomUUID().slice(0, 8);
    const oldId = objectId();
    const owner = accounts.track({ email: `imported-${tag}@example.com` });
    await importExport([firstVersionTask(oldId, `Imported logo ${tag}`, owner.email)]);

    await accounts.signInPage('visitor');
    await page.goto(`/browse-tasks/${oldId}`);
    await expect(page).toHaveURL(/\/browse-tasks\/[0-9a-f]{8}-[0-9a-f-]{27}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Imported logo ${tag}` }),
    ).toBeVisible();
    await expect(page.getByText('$1,200.50').first()).toBeVisible();
  });

  test('an imported person claims the account with "Forgot password?" and finds their work', async ({
    page,
    accounts,
  }) => {
    const tag = randomUUID().slice(0, 8);
    const oldId = objectId();
    const email = accounts.track({ email: `claim-${tag}@example.com` }).email;
    const title = `Poster for a bakery ${tag}`;
    await importExport([firstVersionTask(oldId, title, email)]);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login page has an Email box too: fill the one of the page the link opened.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeVisible();
    await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await waitForMail(email, 'Reset your TaskBid password');
    await page.goto(linkIn(mail, '/api/auth/reset-password/'));
    // Nothing of the address (claim-…) in it: a password must not contain it.
    const password = `Fresh-start-${randomUUID()}`;
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();

    await page.getByRole('link', { name: 'Go to My Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
    await expect(page.getByText(title).filter({ visible: true }).first()).toBeVisible();

    // The owner's old links to edit the task and see its bids lead to the same task.
    await page.goto(`/view-bids/${oldId}`);
    await expect(page).toHaveURL(/\/view-bids\/[0-9a-f]{8}-[0-9a-f-]{27}$/);
    await expect(page.getByRole('heading', { name: `Bids for: ${title}` })).toBeVisible();
    await page.goto(`/update-task/${oldId}`);
    await expect(page).toHaveURL(/\/update-task\/[0-9a-f]{8}-[0-9a-f-]{27}$/);
    await expect(page.getByLabel('Task Title')).toHaveValue(title);
  });
});
