import { verifyAddress } from './support/mailbox.ts';
import { createTask, expect, placeBid, test, uniqueToken } from './tasks/support.ts';

test.describe('public profiles and ratings', () => {
  test('after completed work both reviews show on both profiles, and the card shows the poster’s rating', async ({
    page,
    browser,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.signInPage('owner');
    const title = `Reviewed ${uniqueToken()}`;
    const taskId = await createTask(page.request, baseURL!, { title });
    const freelancerContext = await browser.newContext({ baseURL });
    const freelancerPage = await freelancerContext.newPage();
    const freelancer = await accounts.signInPage('freelancer', freelancerPage);
    // Reviews count toward ratings between verified people only: both follow their mail's link.
    await verifyAddress(page.request, owner.email);
    await verifyAddress(freelancerPage.request, freelancer.email);
    const bidId = await placeBid(freelancerPage.request, baseURL!, taskId, 80);
    const headers = { origin: baseURL! };
    expect((await page.request.post(`/api/bids/${bidId}/accept`, { headers })).status()).toBe(200);
    expect((await page.request.post(`/api/tasks/${taskId}/complete`, { headers })).status()).toBe(
      200,
    );
    const path = `/api/tasks/${taskId}/confirm-completion`;
    expect((await freelancerPage.request.post(path, { headers })).status()).toBe(200);

    // Before any review the poster is "New", never a made-up number.
    await page.goto(`/browse-tasks?search=${encodeURIComponent(title)}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.getByText('Rating New')).toBeVisible();
    await expect(card.getByRole('link', { name: owner.name })).toHaveAttribute(
      'href',
      /^\/users\/[\w-]+$/,
    );

    // The owner reviews on the task's page (My Tasks leads there): stars by keyboard, a comment.
    await page.goto('/my-tasks');
    await page
      .getByRole('link', { name: `Leave a review for ${title}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/browse-tasks/${taskId}#task-reviews$`));
    const section = page.getByRole('region', { name: 'Leave a review' });
    await section.getByRole('radio', { name: '1 star' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(section.getByRole('radio', { name: '5 stars' })).toBeChecked();
    const comment = section.getByRole('textbox', { name: 'Comment' });
    await comment.fill('Too short');
    await section.getByRole('button', { name: 'Submit review' }).click();
    expect(await comment.evaluate((el: HTMLTextAreaElement) => el.validity.tooShort)).toBe(true);
    await comment.fill('Fast, careful and friendly work.');
    await section.getByRole('button', { name: 'Submit review' }).click();
    await expect(section.getByText(/Nobody else sees it until/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Update review' })).toBeVisible();

    // The freelancer reviews from My Bids, in their own browser.
    await freelancerPage.goto('/my-bids');
    await freelancerPage
      .getByRole('link', { name: `Leave a review for ${title}` })
      .first()
      .click();
    const theirs = freelancerPage.getByRole('region', { name: 'Leave a review' });
    await theirs.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await theirs.getByRole('textbox', { name: 'Comment' }).fill('Clear brief and paid promptly.');
    await theirs.getByRole('button', { name: 'Submit review' }).click();
    await expect(
      freelancerPage
        .getByRole('region', { name: 'Reviews' })
        .getByText('Fast, careful and friendly work.'),
    ).toBeVisible();
    await page.reload();
    const published = page.getByRole('region', { name: 'Reviews' });
    await expect(published.getByText('Fast, careful and friendly work.')).toBeVisible();
    await expect(published.getByText('Clear brief and paid promptly.')).toBeVisible();
    await expect(published.getByRole('button', { name: 'Submit review' })).toHaveCount(0);

    await page.goto(`/browse-tasks?search=${encodeURIComponent(title)}`);

    await expect(card.getByText(/Rating\s*4\.0\s*\(1\)\s*from 1 review/)).toBeVisible();

    // The poster's name on the task page leads to their public profile.
    await page.goto(`/browse-tasks/${taskId}`);
    await page.getByText('Posted by').getByRole('link', { name: owner.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    const asClient = page.getByRole('region', { name: 'As a client' });
    await expect(asClient).toContainText('4.0');
    await expect(asClient).toContainText('Tasks posted1');
    await expect(page.getByRole('heading', { name: 'Reviews (1)' })).toBeVisible();
    await expect(page.getByText('Clear brief and paid promptly.')).toBeVisible();
    // The owner answers the review of them, once, in public.
    await page.getByText('Reply', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, it was a pleasure.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expect(page.getByText(`Reply from ${owner.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post reply' })).toHaveCount(0);

    // Signed out, the freelancer's profile shows the owner's review of them, and no e-mail.
    const anonymous = await browser.newContext({ baseURL });
    const visitor = await anonymous.newPage();
    const session = await (await freelancerPage.request.get('/api/auth/get-session')).json();
    await visitor.goto(`/users/${session.user.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: freelancer.name })).toBeVisible();
    const asFreelancer = visitor.getByRole('region', { name: 'As a freelancer' });
    await expect(asFreelancer).toContainText('5.0');
    await expect(asFreelancer).toContainText('Completion rate100%');
    await expect(visitor.getByText('Fast, careful and friendly work.')).toBeVisible();
    await expect(visitor.getByRole('main')).not.toContainText('@');
    await visitor.getByRole('link', { name: owner.name }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    await expect(visitor.getByText('Thank you, it was a pleasure.')).toBeVisible();
    await expect(visitor.getByText('Reply', { exact: true })).toHaveCount(0);
    await anonymous.close();
    await freelancerContext.close();
  });

  test('a person writes their public profile in the settings and everyone sees it', async ({
    page,
    accounts,
  }) => {
    const me = await accounts.signInPage('profile');
    await page.goto('/profile/public-profile');
    const section = page.getByRole('region', { name: 'Public profile' });
    await section.getByRole('textbox', { name: 'Headline' }).fill('Careful bookkeeper');
    await section.getByRole('textbox', { name: 'Location' }).fill('Leeds');
    await section.getByRole('textbox', { name: 'Skills' }).fill('Excel, Payroll, , VAT returns');
    await section
      .getByRole('textbox', { name: 'Bio' })
      .fill('Ten years of small-business accounts.');
    await section.getByRole('button', { name: 'Save public profile' }).click();
    await expect(section.getByText('Your public profile is saved.')).toBeVisible();

    // A skill longer than 40 characters is refused beside the field, and nothing changes.
    await section.getByRole('textbox', { name: 'Skills' }).fill(`Excel, ${'x'.repeat(41)}`);
    await section.getByRole('button', { name: 'Save public profile' }).click();
    await expect(section.getByRole('textbox', { name: 'Skills' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await section.getByRole('link', { name: 'View public profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
    await expect(page.getByText('Careful bookkeeper')).toBeVisible();
    await expect(page.getByText('Leeds')).toBeVisible();
    const skills = page.getByRole('list', { name: 'Skills' }).getByRole('listitem');
    await expect(skills).toHaveText(['Excel', 'Payroll', 'VAT returns']);
    await expect(page.getByText('Ten years of small-business accounts.')).toBeVisible();
  });

  test('an unknown person is a not-found page', async ({ page }) => {
    await page.goto('/users/nobody-here');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  });
});
