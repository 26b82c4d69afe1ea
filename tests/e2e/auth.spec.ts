import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  accountButton,
  continueInGooglePopup,
  expect,
  openGooglePopup,
  signInWithGoogleAs,
  test,
  uniqueGoogleIdentity,
  uniqueUser,
  type TestUser,
} from './support/test.ts';
import { waitForMail } from './support/mailbox.ts';

async function fillLogin(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page
    .getByRole('main')
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await fillLogin(page, user);
  await expect(accountButton(page)).toBeVisible();
}

test.describe('accounts', () => {
  test('sign up, see name and e-mail in the dropdown, sign out', async ({ page, accounts }) => {
    const user = accounts.track(uniqueUser('signup'));
    await page.goto('/signup');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill(user.name);
    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // The link in the mail, opened in the same browser, verifies the address and signs in.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const mail = await waitForMail(user.email, 'Verify your e-mail');
    await page.goto(mail.links[0]!);
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address is verified' }),
    ).toBeVisible();
    const account = accountButton(page);
    await expect(account).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();

    await account.click();
    const menu = page.locator(`#${await account.getAttribute('aria-controls')}`);
    await expect(menu.getByText(user.name, { exact: true })).toBeVisible();
    await expect(menu.getByText(user.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(menu.getByRole('link', { name: 'My Tasks' })).toHaveAttribute('href', '/my-tasks');
    await expect(menu.getByRole('link', { name: 'View public profile' })).toHaveAttribute(
      'href',
      /^\/users\/[\w-]+$/,
    );
    // Without a photo the avatar shows the first letter.
    await expect(account).toContainText(user.name[0]!.toUpperCase());

    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(accountButton(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('the dropdown also opens on hover and closes with Escape', async ({ page, accounts }) => {
    const user = await accounts.create('hover');
    await signIn(page, user);
    // The pointer rests on the avatar of the page signing in led to, not of the one it left.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const account = accountButton(page);
    await account.hover();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await account.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    await expect(account).toBeFocused();
  });

  test('the sign-up password has a show/hide switch and its rule', async ({ page }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    await expect(
      page.getByRole('listitem').filter({ hasText: '8 to 128 characters' }),
    ).toBeVisible();
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a wrong password gets a friendly sentence; a taken e-mail is answered like a new one', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.create('errors');
    await page.goto('/login');
    await fillLogin(page, { email: user.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText(
      'That e-mail and password do not match an account. Check them and try again.',
    );

    await page.goto('/signup');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill('Someone Else');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // A taken address is answered like a new one; its owner gets a mail instead.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await waitForMail(user.email, 'Someone tried to sign up with your address');
  });

  test('a protected URL while signed out goes to login, then back to it', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.create('guard');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await fillLogin(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  });

  test('the profile updates the display name and photo URL', async ({ page, accounts }) => {
    const user = await accounts.create('profile');
    await signIn(page, user);
    await page.goto('/profile');
    const name = page.getByRole('textbox', { name: 'Display name' });
    await expect(name).toHaveValue(user.name);
    await expect(
      page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }),
    ).toHaveValue(user.email);
    const newName = `Renamed ${randomUUID().slice(0, 6)}`;
    await name.fill(newName);
    await page.getByRole('textbox', { name: /Photo URL/ }).fill('https://example.com/avatar.png');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue(newName);
    await expect(page.getByRole('textbox', { name: /Photo URL/ })).toHaveValue(
      'https://example.com/avatar.png',
    );
    await accountButton(page).click();
    await expect(page.getByText(newName, { exact: true }).first()).toBeVisible();
  });

  test('Google sign-in through the popup', async ({ page, context, accounts }) => {
    const identity = uniqueGoogleIdentity('g', 'Grace');
    await signInWithGoogleAs(context, accounts.track(identity));
    await continueInGooglePopup(await openGooglePopup(page), identity);

    // A new account going nowhere in particular: its welcome first.
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('heading', { name: 'Welcome to TaskBid, Grace' })).toBeVisible();
    await accountButton(page).click();
    await expect(page.getByText(identity.name, { exact: true })).toBeVisible();
    await expect(page.getByText(identity.email, { exact: true })).toBeVisible();
  });

  test('Google sign-in through the popup when the person takes their time at Google', async ({
    page,
    context,
    accounts,
  }) => {
    const identity = uniqueGoogleIdentity('slow', 'Slow');
    await signInWithGoogleAs(context, accounts.track(identity));
    const popup = await openGooglePopup(page);
    // A real person spends a few seconds on Google's pages.
    const consent = popup.getByRole('link', { name: `Continue as ${identity.name}` });
    await expect(consent).toBeVisible();
    await popup.waitForTimeout(3_000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const closed = popup.waitForEvent('close', { timeout: 15_000 });
    await consent.click();
    await closed;
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await accountButton(page).click();
    await expect(page.getByText(identity.email, { exact: true })).toBeVisible();
  });

  test('Google sign-in falls back to a full-page redirect when the popup is blocked', async ({
    page,
    context,
    accounts,
  }) => {
    const identity = uniqueGoogleIdentity('b', 'Blocked');
    await signInWithGoogleAs(context, accounts.track(identity));
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(
      page.getByText(
        'Your browser blocked the sign-in window. We are taking you to Google in this tab instead.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: `Continue as ${identity.name}` }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
    await expect(
      page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }),
    ).toHaveValue(identity.email);
  });
});
