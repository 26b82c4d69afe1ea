/**
 * A 400 with field issues: each message stands beside its field (described by it, marked
 * invalid) and the focus goes to the first one; the alert or dialog keeps the general message.
 * The issues are the server's own: a value of spaces passes the browser's `required` and is
 * trimmed to nothing before it is sent.
 */
import { expect, test } from './tasks/support.ts';

test.describe('server field issues', () => {
  test('sign-up: the name the server refused is marked and focused', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('spaces@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Some details are not valid. Check the highlighted fields and try again.',
    );
    const name = main.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(name).toBeFocused();
    const email = main.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).not.toHaveAttribute('aria-invalid');
  });

  test('sign-up: a password too easy to guess is refused beside its field', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Weak');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('weak@example.com');
    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Some details are not valid. Check the highlighted fields and try again.',
    );
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/This password is too easy to guess\./);
    await expect(password).toBeFocused();
  });

  test('create task: the refused fields say why beside them, with no dialog', async ({
    page,
    accounts,
  }) => {
    await accounts.signInPage('issues');
    await page.goto('/add-task');
    await page.getByLabel('Task Title').fill('   ');
    await page.getByLabel('Priority Level').selectOption('Low');
    await page.getByLabel('Category').selectOption('Design');
    await page.getByLabel('Deadline').fill('2030-09-15');
    await page.getByLabel('Task Description').fill('   ');
    await page.getByRole('button', { name: 'Create Task' }).click();

    const title = page.getByLabel('Task Title');
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription('Task Title is required');
    const description = page.getByLabel('Task Description');
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(description).toHaveAccessibleDescription('Task Description is required');
    await expect(page.getByLabel('Deadline')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
