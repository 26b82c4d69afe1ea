import type { Page } from '@playwright/test';
import { accountButton, expect, test, uniqueUser, type TestUser } from './support/test.ts';
import { waitForMail } from './support/mailbox.ts';

/** A new account, made through the API and never signed in (its welcome is pending). */
async function newAccount(page: Page, baseURL: string, user: TestUser) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function login(page: Page, user: TestUser) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await main.getByLabel('Password', { exact: true }).fill(user.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountButton(page)).toBeVisible();
}

async function signOut(page: Page) {
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

const question = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /^Welcome to TaskBid/ });

test.describe('the welcome of a new account', () => {
  test('signing up, verifying, then "Earn" leads to photo, headline and skills; shown once', async ({
    page,
    accounts,
  }) => {
    const user = accounts.track({ ...uniqueUser('welcome'), name: 'Nadia Welcome' });
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    const mail = await waitForMail(user.email, 'Verify your e-mail');
    await page.goto(mail.links[0]!);
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address is verified' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Get started' }).click();

    await expect(page).toHaveURL('/welcome');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to TaskBid, Nadia' }),
    ).toBeVisible();
    await expect(page.getByText('What brings you here?')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Get work done' })).toBeVisible();
    await main.getByRole('button', { name: 'Earn' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your next steps' })).toBeVisible();
    const steps = main.getByRole('listitem');
    await expect(steps.getByRole('heading', { level: 2 })).toHaveText([
      'Add your photo',
      'Write your headline',
      'List your skills',
      'Find your first task',
    ]);
    await expect(main.getByRole('link', { name: 'Add a photo' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(main.getByRole('link', { name: 'Write a headline' })).toHaveAttribute(
      'href',
      '/profile/public-profile',
    );
    await expect(main.getByRole('link', { name: 'Add skills' })).toHaveAttribute(
      'href',
      '/profile/public-profile',
    );
    await main.getByRole('link', { name: 'Write a headline' }).click();
    await expect(page.getByRole('textbox', { name: /^Headline/ })).toBeVisible();

    // Answered once: signing in again goes home, and the page itself shows the steps only.
    await page.goto('/pricing');
    await signOut(page);
    await login(page, user);
    await expect(page).toHaveURL('/');
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Your next steps' })).toBeVisible();
    await expect(question(page)).toBeHidden();
  });

  test('the first sign-in shows it; "Skip for now" goes home and it never comes back', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const user = accounts.track(uniqueUser('skip'));
    await newAccount(page, baseURL!, user);
    await login(page, user);
    await expect(page).toHaveURL('/welcome');
    await expect(question(page)).toBeVisible();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL('/');

    await signOut(page);
    await login(page, user);
    await expect(page).toHaveURL('/');
    await expect(question(page)).toBeHidden();
  });

  test('"Get work done" puts posting a task first', async ({ page, baseURL, accounts }) => {
    const user = accounts.track(uniqueUser('hire'));
    await newAccount(page, baseURL!, user);
    await login(page, user);
    await page.getByRole('main').getByRole('button', { name: 'Get work done' }).click();
    const first = page.getByRole('main').getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText('Post your first task');
    await expect(first.getByRole('link', { name: 'Post a task' })).toHaveAttribute(
      'href',
      '/add-task',
    );
  });

  test('signing in on the way to a page goes to that page, not the welcome', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const user = accounts.track(uniqueUser('onway'));
    await newAccount(page, baseURL!, user);
    await page.goto('/my-tasks');
    await expect(page).toHaveURL('/login');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await main.getByLabel('Password', { exact: true }).fill(user.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/my-tasks');
  });
});
