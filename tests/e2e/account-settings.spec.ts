import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { MAILED_NOTIFICATION_TYPES } from '../../src/shared/notifications/rules.ts';
import {
  accountButton,
  continueInGooglePopup,
  openGooglePopup,
  signInWithGoogleAs,
  uniqueGoogleIdentity,
  type TestUser,
} from './support/test.ts';
import { verifyAddress, waitForMail } from './support/mailbox.ts';
import { createTask, expect, placeBid, test, uniqueToken } from './tasks/support.ts';

async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('account settings', () => {
  test('change password: other sessions end, then sign in with the new one', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    // Not 'password': the new passwords below would then hold the person's own name.
    const user = await accounts.signInPage('keys');
    const phone = await browser.newContext({ baseURL });
    await signIn(await phone.newPage(), user);
    await page.goto('/profile/password');
    const form = section(page, 'Change password');
    await expect(form).toContainText('signs you out on every other device');

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password').fill('a-new-password-1');
    await form.getByLabel('Confirm password').fill('a-new-password-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two new passwords are not the same.')).toBeVisible();

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('Confirm password').fill('a-new-password-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('That is not your current password.')).toBeVisible();

    // An easy password is refused by the server, said beside "New password".
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password').fill('password123');
    await form.getByLabel('Confirm password').fill('password123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('New password')).toHaveAccessibleDescription(
      /This password is too easy to guess/,
    );

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password').fill('a-new-password-1');
    await form.getByLabel('Confirm password').fill('a-new-password-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      form.getByText('Your password was changed. Every other device was signed out.'),
    ).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // The other browser is signed out; this one is not.
    const phonePage = phone.pages()[0]!;
    await phonePage.goto('/profile');
    await expect(phonePage).toHaveURL(/\/login$/);
    await phone.close();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signIn(page, user);
    await expect(
      page.getByText('That e-mail and password do not match an account. Check them and try again.'),
    ).toBeVisible();
    await signIn(page, { email: user.email, password: 'a-new-password-1' });
    await expect(accountButton(page)).toBeVisible();
  });

  test('change e-mail needs the current password; the link moves the account', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signInPage('email');
    const newEmail = accounts.track({ email: `moved-${user.email}` }).email;
    await page.goto('/profile/email');
    const form = section(page, 'Change e-mail');
    await form.getByLabel('New e-mail address').fill(newEmail);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(form.getByText('That is not your current password.')).toBeVisible();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(form.getByText(`Check ${newEmail} for a confirmation link.`)).toBeVisible();
    const mail = await waitForMail(newEmail, 'Confirm your new e-mail address');
    await page.goto(mail.links[0]!);
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address is verified' }),
    ).toBeVisible();
    await expect(page.getByText(`Thanks for confirming ${newEmail}.`)).toBeVisible();
  });

  test('sessions: two browsers listed, this one marked; signing out the other ends it', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    const user = await accounts.signInPage('sessions');
    const other = await browser.newContext({
      baseURL,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    const otherPage = await other.newPage();
    await signIn(otherPage, user);
    await expect(accountButton(otherPage)).toBeVisible();

    await page.goto('/profile/sessions');
    const sessions = section(page, 'Active sessions');
    const rows = sessions.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const phone = sessions.getByRole('listitem', { name: 'Safari on iOS' });
    await expect(phone).toContainText('Last active');
    await phone.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByText('You are signed in on this device only.')).toBeVisible();

    await otherPage.goto('/my-tasks');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });

  test('"Sign out all other sessions" ends every other browser', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    const user = await accounts.signInPage('others');
    const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
    for (const context of contexts) await signIn(await context.newPage(), user);
    for (const context of contexts) await expect(accountButton(context.pages()[0]!)).toBeVisible();
    await page.goto('/profile/sessions');
    const sessions = section(page, 'Active sessions');
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    for (const context of contexts) {
      const other = context.pages()[0]!;
      await other.goto('/profile');
      await expect(other).toHaveURL(/\/login$/);
      await context.close();
    }
  });

  test('a notification preference is saved and still off after a reload', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('prefs');
    await page.goto('/profile/notifications');
    const prefs = section(page, 'Notification preferences');
    await expect(prefs.getByRole('switch')).toHaveCount(MAILED_NOTIFICATION_TYPES.length);
    const declined = prefs.getByRole('switch', { name: 'My bid was declined' });
    await expect(declined).toBeChecked();
    await declined.click();
    await expect(declined).not.toBeChecked();
    await expect(prefs.getByRole('status', { name: 'Saving' })).toHaveCount(0);

    await page.reload();
    await expect(prefs.getByRole('switch', { name: 'My bid was declined' })).not.toBeChecked();
    await expect(prefs.getByRole('switch', { name: 'New bids on my tasks' })).toBeChecked();
    const saved = await page.request.get('/api/account/notification-preferences');
    expect(await saved.json()).toMatchObject({ 'bid.declined': false, 'bid.received': true });
  });

  test('"Download my data" gives a JSON file with my tasks', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const user = await accounts.signInPage('export');
    const title = `Exported ${uniqueToken()}`;
    await createTask(page.request, baseURL!, { title });
    await page.goto('/profile/data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section(page, 'Download my data').getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.profile).toMatchObject({ email: user.email, name: user.name });
    expect(data.tasks.map((t: { title: string }) => t.title)).toEqual([title]);
  });

  test('delete account: the password is asked, then signed out and home with a goodbye', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const user = await accounts.signInPage('leaving');
    await createTask(page.request, baseURL!, { title: `Leaving ${uniqueToken()}` });
    await page.goto('/profile/delete-account');
    const danger = section(page, 'Delete account');
    await expect(danger).toContainText('Deleted user');
    await danger.getByRole('button', { name: 'Delete account' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();

    await expect(page).toHaveURL(/\/\?account=deleted$/);
    const goodbye = page.getByRole('dialog', { name: 'Your account has been deleted' });
    await expect(goodbye).toBeVisible();
    await goodbye.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    await signIn(page, user);
    await expect(
      page.getByText('That e-mail and password do not match an account. Check them and try again.'),
    ).toBeVisible();
  });

  test('a Google-only account is pointed to "Forgot password?" and deletes after a fresh Google sign-in', async ({
    page,
    context,
    accounts,
  }) => {
    const identity = uniqueGoogleIdentity('g', 'G');
    await signInWithGoogleAs(context, accounts.track(identity));
    await continueInGooglePopup(await openGooglePopup(page), identity);
    await expect(accountButton(page)).toBeVisible();

    await page.goto('/profile/password');
    const password = section(page, 'Change password');
    await expect(password).toContainText('You sign in with Google');
    await expect(password.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await page.goto('/profile/delete-account');
    await section(page, 'Delete account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('needs a sign-in with Google in the last 10 minutes');
    await expect(dialog.getByRole('button', { name: 'Sign in with Google again' })).toBeVisible();
    // Signed in a moment ago: no password is asked.
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog', { name: 'Your account has been deleted' })).toBeVisible();
  });

  test('unsubscribe: the link from a notification mail turns that mail off', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('unsub-owner');
    await verifyAddress(owner.api, owner.user.email);
    const bidder = await accounts.apiUser('unsub-bidder');
    const task = await createTask(owner.api, baseURL!, { title: `Unsub ${uniqueToken()}` });
    await placeBid(bidder.api, baseURL!, task, 120);
    const mail = await waitForMail(owner.user.email, /new bid/i);
    const link = mail.links.find((l) => l.includes('/unsubscribe?token='));
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText('New bids on my tasks')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      page.getByText('You are unsubscribed. We will not e-mail you about this any more.'),
    ).toBeVisible();
    const saved = await owner.api.get('/api/account/notification-preferences');
    expect(await saved.json()).toMatchObject({ 'bid.received': false });

    await page.goto(`${link!.replace(/token=[^&]+/, 'token=not-a-real-token')}`);
    await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  });
});
