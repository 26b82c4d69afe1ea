/**
 * The console's settings: an admin adds a watched word that blocks, and a member's task with
 * it is refused, the sentence beside the field (docs/moderation.md).
 */
import { expect, test, uniqueToken } from '../tasks/support.ts';
import { signInOperator } from './support.ts';

test.describe('console settings', () => {
  test('an admin blocks a word; a member’s task with it is refused beside the field', async ({
    page,
    browser,
    accounts,
  }) => {
    const word = uniqueToken('blocked');
    await signInOperator(accounts, page, 'admin');
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a word' }).click();
    const row = page
      .getByRole('group')
      .filter({ has: page.getByRole('textbox', { name: 'Word or phrase' }) })
      .last();
    // The new row's box has the focus.
    await expect(row.getByRole('textbox', { name: 'Word or phrase' })).toBeFocused();
    await page.keyboard.type(word);
    await row.getByRole('combobox', { name: 'Action' }).selectOption('block');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The reason is asked for beside its field first.
    await expect(page.getByText('Say why: the audit log keeps the reason')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Seen in scam posts');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Word or phrase' }).last()).toHaveValue(word);

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    try {
      await accounts.signInPage('member', member);
      await member.goto('/add-task');
      await member.getByLabel('Task Title').fill('Bags to sell');
      await member.getByLabel('Priority Level').selectOption('Low');
      await member.getByLabel('Category').selectOption('Design');
      await member.getByLabel('Deadline').fill('2030-09-15');
      await member.getByLabel('Task Description').fill(`Genuine ${word.toUpperCase()} bags`);
      await member.getByRole('button', { name: 'Create Task' }).click();
      const description = member.getByLabel('Task Description');
      await expect(description).toHaveAttribute('aria-invalid', 'true');
      await expect(description).toHaveAccessibleDescription(
        new RegExp(`This contains a word we don't allow: “${word.toUpperCase()}”\\.`),
      );
      await expect(member.getByRole('dialog', { name: 'Task Created!' })).toHaveCount(0);
    } finally {
      await memberContext.close();
    }
  });
});
