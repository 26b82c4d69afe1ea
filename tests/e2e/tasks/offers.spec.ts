import type { APIRequestContext, Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken } from './support.ts';
import { verifyAddress } from '../support/mailbox.ts';

/** Posts to the API as `api`'s user and expects success. */
async function post(api: APIRequestContext, baseURL: string, path: string, data?: object) {
  const res = await api.post(path, { data, headers: { origin: baseURL } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res;
}

/** Submits the bid form and closes the "Success!" dialog it answers with. */
async function submitBid(page: Page, amount: string) {
  const form = page.getByRole('form', { name: 'Place Your Bid' });
  await form.getByLabel('Your Bid Amount ($)').fill(amount);
  await form.getByRole('button', { name: 'Submit Bid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Success!' });
  await expect(dialog).toContainText('Bid submitted successfully!');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('one offer per person per task', () => {
  test('the page shows my offer with Update and Withdraw; the form still resets', async ({
    page,
    baseURL,
    accounts,
  }) => {
    const owner = await accounts.apiUser('owner');
    const title = `Offer ${uniqueToken()}`;
    const taskId = await createTask(owner.api, baseURL!, { title, budget: 400 });
    await accounts.signInPage('bidder');
    await page.goto(`/browse-tasks/${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const offer = page.getByRole('region', { name: 'Your offer' });
    await expect(offer).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Place Your Bid' });
    await form.getByLabel('Completion Deadline').fill('2030-04-01');
    await form.getByLabel('Message').fill('Two weeks, with drafts on Fridays.');
    await submitBid(page, '395');
    await expect(offer).toContainText('Your offer: $395.00');
    await expect(offer).toContainText('Pending');
    await expect(offer).toContainText('done by Apr 1, 2030');
    await expect(form.getByLabel('Your Bid Amount ($)')).toHaveValue('');
    await expect(form).toContainText('A new bid updates your offer');

    // Update puts the offer into the form; sending it changes the offer, not adds one.
    await offer.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByLabel('Your Bid Amount ($)')).toHaveValue('395');
    await expect(form.getByLabel('Your Bid Amount ($)')).toBeFocused();
    await expect(form.getByLabel('Message')).toHaveValue('Two weeks, with drafts on Fridays.');
    await submitBid(page, '350');
    await expect(offer).toContainText('Your offer: $350.00');
    await expect(offer).toContainText('edited');
    await expect(form.getByLabel('Your Bid Amount ($)')).toHaveValue('');
    const history = page.getByRole('region', { name: 'Bid History (1)' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('edited, was $395.00');
    await expect(page.getByText('Bids Placed').locator('..')).toContainText('1');

    // Withdraw asks first; then the offer says so and can only be brought back.
    await offer.getByRole('button', { name: 'Withdraw' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Withdraw your bid?' });
    await expect(ask).toContainText('$350.00');
    await ask.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await expect(ask).toBeHidden();
    await expect(offer).toContainText('Withdrawn');
    await expect(offer.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
    await expect(page.getByText('Bids Placed').locator('..')).toContainText('0');
    await expect(history).toContainText('Withdrawn');

    await offer.getByRole('button', { name: 'Bid again' }).click();
    await submitBid(page, '360');
    await expect(offer).toContainText('Your offer: $360.00');
    await expect(offer).toContainText('Pending');
    await expect(history.getByRole('listitem')).toHaveCount(1);
  });

  for (const width of [375, 1280]) {
    test(`the owner sees each bidder's track record, "edited, was …" and a withdrawn offer at ${width} px`, async ({
      page,
      baseURL,
      accounts,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = await accounts.signInPage('owner');
      const title = `Cards ${uniqueToken()}`;
      const taskId = await createTask(page.request, baseURL!, { title, budget: 300 });
      const ann = await accounts.apiUser('ann');
      const bob = await accounts.apiUser('bob');
      // Only reviews between proven addresses count toward a rating.
      await verifyAddress(page.request, owner.email);
      await verifyAddress(ann.api, ann.user.email);
      // Ann has finished one job for this owner, and both reviewed it (published).
      const done = await createTask(page.request, baseURL!, { title: `Done ${title}` });
      const doneBid = await placeBid(ann.api, baseURL!, done, 90);
      await post(page.request, baseURL!, `/api/bids/${doneBid}/accept`);
      await post(page.request, baseURL!, `/api/tasks/${done}/complete`);
      await post(ann.api, baseURL!, `/api/tasks/${done}/confirm-completion`);
      await post(page.request, baseURL!, `/api/tasks/${done}/reviews`, {
        rating: 5,
        comment: 'Careful and on time.',
      });
      await post(ann.api, baseURL!, `/api/tasks/${done}/reviews`, {
        rating: 5,
        comment: 'Clear brief.',
      });

      const annBid = await placeBid(ann.api, baseURL!, taskId, 120, 'I can start Monday.');
      await placeBid(ann.api, baseURL!, taskId, 110, 'I can start Monday.');
      const bobBid = await placeBid(bob.api, baseURL!, taskId, 150);
      await post(bob.api, baseURL!, `/api/bids/${bobBid}/withdraw`);

      await page.goto(`/view-bids/${taskId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Bids for: ${title}` }),
      ).toBeVisible();
      await expect(page.getByText('1 bid(s) placed')).toBeVisible();
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(2);
      const annCard = cards.filter({ hasText: ann.user.name });
      const bobCard = cards.filter({ hasText: bob.user.name });

      await expect(annCard).toContainText('$110.00');
      await expect(annCard).toContainText('edited, was $120.00');
      await expect(annCard).toContainText('1 job completed');
      await expect(annCard).toContainText(/Member since \w+ \d{4}/);
      await expect(annCard.getByText('Rating')).toHaveCount(1);
      await expect(annCard).toContainText('5.0');
      await expect(annCard.getByRole('link', { name: ann.user.name })).toHaveAttribute(
        'href',
        /^\/users\//,
      );
      await expect(annCard.getByRole('link', { name: ann.user.email })).toBeVisible();
      await annCard.getByText('Earlier versions (1)').click();
      await expect(annCard.getByRole('listitem')).toContainText('$120.00');
      await expect(annCard.getByRole('button', { name: 'Accept' })).toBeVisible();

      await expect(bobCard).toContainText('Withdrawn');
      await expect(bobCard).toContainText('0 jobs completed');
      await expect(bobCard).toContainText('New');
      await expect(bobCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);

      // The ids stay on one line each, cut short, the whole id in the title and copied whole.
      const id = annCard.getByTitle(annBid);
      await expect(id).toHaveText(annBid);
      const box = await id.boundingBox();
      expect(box!.height).toBeLessThan(24);
      await expect(annCard.getByTitle(taskId)).toBeVisible();
      await expect(annCard.getByRole('button', { name: 'Copy Bid ID' })).toBeVisible();
      await expect(annCard.getByRole('button', { name: 'Copy Task ID' })).toBeVisible();

      // The withdrawal reached the owner's bell.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      await expect(page.getByText(`A bid on “${title}” was withdrawn`)).toBeVisible();
    });
  }
});
