/**
 * A visitor who opens a task (shared link, search result) is asked to sign in, told why, and
 * taken back to the task after signing in or after creating an account.
 */
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';
import { holdAppScripts } from './support/page-load.ts';
import { uniqueUser, type Accounts } from './support/test.ts';

/** A task someone posted, whose link a visitor opens. */
async function sharedTask(accounts: Accounts, baseURL: string) {
  const poster = await accounts.apiUser('poster');
  const title = `Shared ${uniqueToken()}`;
  return { id: await createTask(poster.api, baseURL, { title }), title };
}

test.describe('signing in to see a task', () => {
  test('the login page says why, and signing in returns to the task', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const { id, title } = await sharedTask(accounts, baseURL!);
    const visitor = await accounts.create('visitor');

    await page.goto(`/browse-tasks/${id}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Sign in to see this task and make an offer')).toBeVisible();

    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(visitor.email);
    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/browse-tasks/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('creating an account from there returns to the task too', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const { id, title } = await sharedTask(accounts, baseURL!);
    const newcomer = accounts.track(uniqueUser('newcomer'));

    await page.goto(`/browse-tasks/${id}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(
      page.getByText('Create an account to see this task and make an offer'),
    ).toBeVisible();

    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill(newcomer.name);
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // A sign-up starts no session (the address is proven first); signing in from the
    // confirmation screen returns to the task.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/browse-tasks/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('a visitor who came to the login page on their own sees no reason', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText(/^Sign in to see/)).toHaveCount(0);
  });

  test('reloaded before the app starts, what was typed stays and signing in still returns to the task', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const { id, title } = await sharedTask(accounts, baseURL!);
    const visitor = await accounts.create('visitor');
    await page.goto(`/browse-tasks/${id}`);
    await expect(page.getByText('Sign in to see this task and make an offer')).toBeVisible();

    // The reload keeps the history entry (and the task it names) but the server writes the
    // page without it; the app's scripts are held until the visitor has typed.
    const release = await holdAppScripts(page);
    await page.reload({ waitUntil: 'commit' });
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(visitor.email);
    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    release();

    await expect(page.getByText('Sign in to see this task and make an offer')).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      visitor.email,
    );
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/browse-tasks/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
