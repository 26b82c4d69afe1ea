import { expect, test } from './support/test.ts';

test.describe('content pages say what the product does', () => {
  test('the privacy policy lists what is stored, who sees it, how long, and self-service', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const main = page.getByRole('main');
    for (const heading of [
      'What we store',
      'E-mails we send',
      'Who can see what',
      'How long we keep it',
      'Download or delete your data yourself',
    ])
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    for (const text of [
      'IP address and browser (user agent)',
      'each earlier version of an offer you changed',
      'private messages',
      'public questions',
      'notifications we show you',
      'full page, with its description and public questions and answers, is for signed-in members',
      'removed 30 days after they were sent',
      'A session stops working 30 days after you last used it',
    ])
      await expect(main.getByText(text, { exact: false }).first(), text).toBeVisible();
    await expect(main.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/profile/data',
    );
    await expect(main.getByRole('link', { name: 'Delete account' })).toHaveAttribute(
      'href',
      '/profile/delete-account',
    );
    // Export and deletion are self-service: no "write to us" for them.
    await expect(main.getByText(/write to/i)).toHaveCount(0);
  });

  test('How It Works walks a task from posting to reviews', async ({ page }) => {
    await page.goto('/how-it-works');
    const main = page.getByRole('main');
    for (const heading of [
      '1. Post a task',
      '2. Questions, in public',
      '3. Offers: one per person',
      '4. Private messages',
      '5. Accept an offer',
      '6. Completion, confirmed by the worker',
      '7. Reviews, both ways',
    ])
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(main.getByText('Sending the form again updates your offer')).toBeVisible();
    await expect(main.getByText('You can withdraw a pending offer at any time.')).toBeVisible();
    await expect(main.getByText(/it confirms\s+itself after 3 days/)).toBeVisible();
  });

  test('pricing lists only what an account can really do', async ({ page }) => {
    await page.goto('/pricing');
    const plan = page.getByRole('main').getByRole('list').first();
    await expect(plan.getByRole('listitem')).toHaveText([
      'Post as many tasks as you need, with a picture, budget and deadline',
      'Make one offer on any open task, then update or withdraw it',
      'Public questions on tasks and private messages with the other side',
      'Accept an offer, then completion confirmed by the person who did the work',
      'Reviews both ways and a public profile with your rating',
      'Notifications in the app and, for the kinds you choose, by e-mail',
      'Search with filters, and your recent searches on this device',
      'Download your data or delete your account yourself, at any time',
    ]);
    await expect(page.getByRole('main').getByText(/30\s+days before/)).toHaveCount(0);
  });
});
