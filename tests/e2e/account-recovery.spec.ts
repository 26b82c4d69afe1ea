import type { Page } from '@playwright/test';
import { signJWT } from 'better-auth/crypto';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { accountButton, expect, test, uniqueUser, type TestUser } from './support/test.ts';

const RESET_SENT =
  "If an account exists for that e-mail, we've sent a link to reset your password.";
const RESET_LINK = '/api/auth/reset-password/';
const VERIFY_LINK = '/api/auth/verify-email';

const emailBox = (page: Page) =>
  page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true });

async function login(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await emailBox(page).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function askForReset(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await emailBox(page).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(RESET_SENT, { exact: true })).toBeVisible();
}

test.describe('password reset', () => {
  test('from "Forgot password?" to the mail, a new password, old sessions ended', async ({
    page,
    browser,
    accounts,
  }) => {
    const user = await accounts.create('reset');

    // A session from before the reset, in another browser.
    const laptop = await browser.newContext();
    const old = await laptop.newPage();
    await login(old, user);
    await expect(accountButton(old)).toBeVisible();

    await askForReset(page, user.email);
    const mail = await waitForMail(user.email, 'Reset your TaskBid password');
    await page.goto(linkIn(mail, RESET_LINK));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // The two fields must agree before anything is sent.
    const newPassword = `new-${user.password}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Confirm password does not match the new password')).toBeVisible();
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();
    // Signed in by the reset itself.
    await expect(accountButton(page)).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
    await waitForMail(user.email, 'Your password was changed');

    // The older session is dead.
    await old.goto('/my-tasks');
    await expect(old).toHaveURL(/\/login$/);
    await expect(accountButton(old)).toBeHidden();

    // The old password no longer signs in; the new one does.
    await login(old, user);
    await expect(
      old.getByText('That e-mail and password do not match an account. Check them and try again.'),
    ).toBeVisible();
    await login(old, { email: user.email, password: newPassword });
    await expect(accountButton(old)).toBeVisible();
    await laptop.close();
  });

  test('the same answer for an address with no account', async ({ page }) => {
    await askForReset(page, uniqueUser('nobody').email);
  });

  test('the server refuses an easy password beside the field', async ({ page, accounts }) => {
    const user = await accounts.create('weak');
    await askForReset(page, user.email);
    const mail = await waitForMail(user.email, 'Reset your TaskBid password');
    await page.goto(linkIn(mail, RESET_LINK));
    for (const label of ['New password', 'Confirm password'])
      await page.getByLabel(label, { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const field = page.getByLabel('New password', { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/This password is too easy to guess/);
    // Said once, beside the field, not again above the form.
    await expect(page.getByText(/This password is too easy to guess/)).toHaveCount(1);
    await expect(accountButton(page)).toBeHidden();

    // The link still works for a better password.
    for (const label of ['New password', 'Confirm password'])
      await page.getByLabel(label, { exact: true }).fill(`better-${user.password}`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();
  });

  test('a used link, or none, says so and offers a new one', async ({ page, accounts }) => {
    const user = await accounts.create('reuse');
    await askForReset(page, user.email);
    const mail = await waitForMail(user.email, 'Reset your TaskBid password');
    const link = linkIn(mail, RESET_LINK);
    await page.goto(link);
    for (const label of ['New password', 'Confirm password'])
      await page.getByLabel(label, { exact: true }).fill('a-fresh-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();

    // The same link again: it says it was used.
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?error=TOKEN_USED$/);
    await expect(
      page.getByRole('heading', { name: 'This reset link was already used' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeHidden();

    await page.goto('/reset-password?error=TOKEN_EXPIRED');
    await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible();

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'This reset link is not valid' })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });
});

test.describe('e-mail verification', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'E-mail verification' });

  test('sign up, the banner resends, the mailed link verifies and the banner goes', async ({
    page,
    accounts,
  }) => {
    const user = accounts.track(uniqueUser('verify'));
    await page.goto('/signup');
    await page
      .getByRole('main')
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill(user.name);
    await emailBox(page).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // A sign-up signs nobody in: sign in with the new password (or follow the link).
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await emailBox(page).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(accountButton(page)).toBeVisible();

    await expect(banner(page).getByText('Please verify your e-mail address')).toBeVisible();
    await waitForMail(user.email, 'Verify your e-mail');
    await banner(page).getByRole('button', { name: 'Resend e-mail' }).click();
    await expect(banner(page).getByText("We've sent a new link. Check your inbox.")).toBeVisible();
    const second = await waitForMail(user.email, 'Verify your e-mail', 2);

    await page.goto(linkIn(second, VERIFY_LINK));
    await expect(page).toHaveURL(/\/email-verified$/);
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address is verified' }),
    ).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.goto('/my-tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();
    await expect(banner(page)).toBeHidden();

    // The first link, now that the address is verified: used.
    const first = await waitForMail(user.email, 'Verify your e-mail', 1);
    await page.goto(linkIn(first, VERIFY_LINK));
    await expect(page).toHaveURL(/\/email-verified\?error=TOKEN_USED$/);
    await expect(
      page.getByRole('heading', { name: 'This verification link was already used' }),
    ).toBeVisible();
    await expect(page.getByText(`${user.email} is already verified`)).toBeVisible();
  });

  test('verified in another browser: the password set at sign-up is gone, the verifier chooses one', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    // Someone signed up with this address and a password of their own.
    const creator = await accounts.signInPage('takeover');
    const mail = await waitForMail(creator.email, 'Verify your e-mail');
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(linkIn(mail, VERIFY_LINK));
    await expect(
      ownerPage.getByRole('heading', { name: 'Your e-mail address is verified' }),
    ).toBeVisible();
    await expect(
      ownerPage.getByText('the password set when the account was created no longer works'),
    ).toBeVisible();
    await ownerPage.getByLabel('New password', { exact: true }).fill('the-owners-own-secret');
    await ownerPage.getByLabel('Confirm password', { exact: true }).fill('the-owners-own-secret');
    await ownerPage.getByRole('button', { name: 'Reset password' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await expect(accountButton(ownerPage)).toBeVisible();
    await owner.close();

    // The creator's browser is signed out, and their password no longer works.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
    await login(page, creator);
    await expect(
      page.getByText('That e-mail and password do not match an account. Check them and try again.'),
    ).toBeVisible();
  });

  test('dismissed, the banner stays away for the session', async ({ page, accounts }) => {
    await accounts.signInPage('dismiss');
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Dismiss the verification reminder' }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('an expired or tampered link says so; signed in, it offers a new mail', async ({
    page,
    accounts,
  }) => {
    const secret = process.env.E2E_AUTH_SECRET;
    if (!secret) throw new Error('E2E_AUTH_SECRET is not set: run through `playwright test`');
    const user = await accounts.create('expired');

    const expired = await signJWT({ email: user.email }, secret, -60);
    const callback = `callbackURL=${encodeURIComponent('/email-verified')}`;
    await page.goto(`${VERIFY_LINK}?token=${expired}&${callback}`);
    await expect(page).toHaveURL(/\/email-verified\?error=TOKEN_EXPIRED$/);
    await expect(
      page.getByRole('heading', { name: 'This verification link has expired' }),
    ).toBeVisible();
    // Signed out: a way to sign in, no button that cannot work.
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend e-mail' })).toBeHidden();

    const mail = await waitForMail(user.email, 'Verify your e-mail');
    const tampered = linkIn(mail, VERIFY_LINK).replace(/token=([^&]+)/, (_, t: string) => {
      return `token=${t.slice(0, -4)}AAAA`;
    });
    await login(page, user);
    await expect(accountButton(page)).toBeVisible();
    await page.goto(tampered);
    await expect(page).toHaveURL(/\/email-verified\?error=INVALID_TOKEN$/);
    await expect(
      page.getByRole('heading', { name: 'This verification link is not valid' }),
    ).toBeVisible();
    // The page offers its own "Resend e-mail"; the banner stays out of the way there.
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeHidden();
    await page.getByRole('main').getByRole('button', { name: 'Resend e-mail' }).click();
    await expect(
      page.getByRole('main').getByText(`We've sent a new link to ${user.email}.`),
    ).toBeVisible();
    await waitForMail(user.email, 'Verify your e-mail', 2);
  });
});
