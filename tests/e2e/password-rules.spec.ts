import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

/** The rule's line under the password field, by its visible text. */
const rule = (page: Page, text: string): Locator =>
  page.getByRole('main').getByRole('listitem').filter({ hasText: text });

async function expectRules(page: Page, met: Record<string, boolean>) {
  for (const [text, done] of Object.entries(met))
    await expect(rule(page, text), text).toContainText(done ? '(met)' : '(not met yet)');
}

test.describe('password rules beside the field', () => {
  test('sign-up shows the rules before anything fails and ticks each as it is met', async ({
    page,
  }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    const password = main.getByLabel('Password', { exact: true });
    // Shown from the start, tied to the field, nothing ticked and no meter yet.
    await expect(main.getByText('Your password needs:')).toBeVisible();
    await expectRules(page, {
      '8 to 128 characters': false,
      'Not your name or e-mail address': false,
      'Not a common password': false,
    });
    await expect(password).toHaveAccessibleDescription(/8 to 128 characters/);
    await expect(main.getByText(/^Strength:/)).toBeHidden();

    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosalind Vance');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('ros.vance@example.com');

    await password.fill('Password1!');
    await expectRules(page, {
      '8 to 128 characters': true,
      'Not your name or e-mail address': true,
      'Not a common password': false,
    });
    await expect(main.getByText('Strength: Too weak')).toBeVisible();

    await password.fill('rosalind-1987');
    await expectRules(page, { 'Not your name or e-mail address': false });

    await password.fill('lantern-orbit-pebble-91');
    await expectRules(page, {
      '8 to 128 characters': true,
      'Not your name or e-mail address': true,
      'Not a common password': true,
    });
    await expect(main.getByText('Strength: Strong')).toBeVisible();

    // The rule follows the name typed after the password, too.
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Orbit Pebble');
    await expectRules(page, { 'Not your name or e-mail address': false });

    // Nothing was sent: no alert, no field marked invalid.
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the server refuses what the rules refuse, beside the field', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Jo Smithers');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('jo@example.com');
    await main.getByLabel('Password', { exact: true }).fill('Qv7#smithers-Lq9!');
    await expectRules(page, { 'Not your name or e-mail address': false });
    await main.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(main.getByText(/contains your name or your e-mail address/)).toBeVisible();
  });

  test('the reset form lists the rules; whose words it cannot know, it says it checks on saving', async ({
    page,
  }) => {
    await page.goto('/reset-password?token=not-checked-until-sent');
    const main = page.getByRole('main');
    await expect(main.getByText('Your password needs:')).toBeVisible();
    await expect(rule(page, 'Not your name or e-mail address')).toContainText(
      '(checked when you save)',
    );
    await main.getByLabel('New password', { exact: true }).fill('lantern-orbit-pebble-91');
    await expectRules(page, { '8 to 128 characters': true, 'Not a common password': true });
  });

  test('change password lists the rules with the signed-in person’s own words', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signInPage('rules');
    await page.goto('/profile/password');
    const main = page.getByRole('main');
    const field = main.getByLabel('New password', { exact: true });
    await field.fill(`${user.email.split('@')[0]}-x`);
    await expectRules(page, { 'Not your name or e-mail address': false });
    await field.fill('lantern-orbit-pebble-91');
    await expectRules(page, { 'Not your name or e-mail address': true });
  });
});
