/**
 * Task alerts: a bidder saves a search on Browse Tasks, someone else posts a matching task,
 * the alert job runs (the test server's route runs it once) and the bell says so, leading to
 * browse with the search; the settings pause, make it a weekly e-mail, rename and delete it.
 */
import { verifyAddress, waitForMail } from './support/mailbox.ts';
import { TEST_ALERTS_PATH } from './support/stack.ts';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

test.describe('task alerts', () => {
  test('a saved search alerts in the bell when a matching task is posted; settings pause and delete it', async ({
    page,
    baseURL,
    accounts,
  }) => {
    await accounts.signInPage('bidder');
    const word = uniqueToken('logo');
    await page.goto(`/browse-tasks?search=${word}&category=Design`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Save this search' });
    await expect(dialog.getByLabel('Name')).toHaveValue(word);
    await expect(dialog.getByLabel('Alerts')).toHaveValue('instant');
    await expect(dialog.getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    // The browser's own check keeps an empty name from being sent.
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name').fill(`Logo design ${word}`);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Saved “Logo design ${word}”`)).toBeVisible();

    // The same search twice is refused in the dialog.
    await page.getByRole('button', { name: 'Save this search' }).click();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog.getByText('You already saved this search')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    const poster = await accounts.apiUser('poster');
    const title = `A ${word} for a bakery`;
    await createTask(poster.api, baseURL!, { title, category: 'Design' });
    const run = await page.request.post(TEST_ALERTS_PATH);
    expect(run.status()).toBe(200);

    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await bell.click();
    const alert = page
      .getByRole('list', { name: 'Recent notifications' })
      .getByRole('link', { name: new RegExp(`1 new task matches “Logo design ${word}”`) });
    await alert.click();
    await expect(page).toHaveURL(`/browse-tasks?search=${word}&category=Design`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.goto('/profile/alerts');
    const row = page.getByRole('listitem', { name: `Logo design ${word}` });
    await expect(row).toContainText(`Search: “${word}”`);
    await expect(row).toContainText('Category: Design');
    await expect(row).toContainText('Last alert');
    await row.getByRole('button', { name: `Pause Logo design ${word}` }).click();
    await expect(row.getByText('Paused', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Resume Logo design ${word}` })).toBeVisible();

    // Daily and Weekly are e-mail digests: only the e-mail box, checked.
    await row.getByRole('button', { name: `Change the alerts of Logo design ${word}` }).click();
    await row.getByLabel(`Alerts for Logo design ${word}`).selectOption('weekly');
    await expect(row.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    await expect(row.getByRole('checkbox', { name: 'In the app' })).toBeDisabled();
    await row.getByRole('button', { name: 'Save alerts' }).click();
    // Saved, the form closes; the row then says how the search alerts.
    await expect(row.getByRole('button', { name: 'Save alerts' })).toBeHidden();
    await expect(row.getByText('Weekly', { exact: true })).toBeVisible();
    await expect(row.getByText('E-mail', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Rename Logo design ${word}` }).click();
    await page.getByLabel(`New name for Logo design ${word}`).fill(`Bakery logos ${word}`);
    await page.getByRole('button', { name: 'Save name' }).click();
    const renamed = page.getByRole('listitem', { name: `Bakery logos ${word}` });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: `Delete Bakery logos ${word}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this saved search?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('You have no saved searches yet.')).toBeVisible();
    const start = page.getByRole('main').getByRole('link', { name: 'Browse tasks', exact: true });
    await expect(start).toHaveAttribute('href', '/browse-tasks');
  });

  test('the button shows only to a signed-in person with a search or a filter applied', async ({
    page,
    accounts,
  }) => {
    await page.goto('/browse-tasks?search=anything');
    await expect(
      page.getByRole('heading', { name: 'Discover Tasks That Match Your Skills' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);
    await accounts.signInPage('browser');
    await page.goto('/browse-tasks?sort=priceLow');
    await expect(
      page.getByRole('heading', { name: 'Discover Tasks That Match Your Skills' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);
    await page.goto('/browse-tasks?minPrice=50');
    await expect(page.getByRole('button', { name: 'Save this search' })).toBeVisible();
  });

  test('the link in an alert e-mail stops that search’s e-mails and nothing else', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const bidder = await accounts.apiUser('alert-mail-reader');
    await verifyAddress(bidder.api, bidder.user.email);
    const word = uniqueToken('mural');
    const saved = await bidder.api.post('/api/saved-searches', {
      data: { name: `Murals ${word}`, criteria: { search: word }, channels: ['email', 'in-app'] },
    });
    expect(saved.status()).toBe(201);
    const poster = await accounts.apiUser('alert-mail-poster');
    await createTask(poster.api, baseURL!, { title: `A ${word} for a café` });
    expect((await page.request.post(TEST_ALERTS_PATH)).status()).toBe(200);
    const mail = await waitForMail(bidder.user.email, `1 new task matches “Murals ${word}”`);
    const link = mail.links.find((l) => l.includes('/alerts/unsubscribe?token='));
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stop task alert e-mails' }),
    ).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: `“Murals ${word}”` })).toBeVisible();
    await page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await expect(
      page.getByText('Done. We will not e-mail you about this search any more.'),
    ).toBeVisible();
    // The search still alerts in the app.
    const searches = await (await bidder.api.get('/api/saved-searches')).json();
    expect(searches).toMatchObject([{ channels: ['in-app'], frequency: 'instant' }]);

    await page.goto(link!.replace(/token=[^&]+/, 'token=not-a-real-token'));
    await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  });
});
