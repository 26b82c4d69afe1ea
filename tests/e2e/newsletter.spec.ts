import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';

function newsletter(page: Page) {
  return page.getByRole('region', { name: 'Stay Updated' });
}

test.describe('newsletter', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/pricing');
    await expect(
      newsletter(page).getByText('Subscribe to get updates on new tasks and features.'),
    ).toBeVisible();
  });

  test('an invalid e-mail shows the message and sends nothing', async ({ page }) => {
    let requests = 0;
    await page.route('**/api/newsletter', async (route) => {
      requests += 1;
      await route.continue();
    });
    const input = newsletter(page).getByRole('textbox', { name: 'Email address' });
    for (const value of ['not-an-email', 'a b@example.com', 'ada@example.c', '']) {
      await input.fill(value);
      await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(newsletter(page).getByText('Please enter a valid email address')).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(requests).toBe(0);
  });

  test('processing, then thank you for 3 seconds, then idle again', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/newsletter', async (route) => {
      await held;
      await route.continue();
    });
    await newsletter(page)
      .getByRole('textbox', { name: 'Email address' })
      .fill(`reader-${randomUUID().slice(0, 8)}@example.com`);
    await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();

    const processing = newsletter(page).getByRole('button', { name: 'Processing...' });
    await expect(processing).toBeVisible();
    await expect(processing).toBeDisabled();
    // The page itself notes when the thanks appears and goes: timed from the test, each end
    // would be late by however long a look takes on a busy machine.
    await page.evaluate((text) => {
      const seen: { shown?: number; hidden?: number } = {};
      Object.assign(window, { thanksSeen: seen });
      new MutationObserver(() => {
        const shown = document.body.textContent.includes(text);
        if (shown && seen.shown === undefined) seen.shown = performance.now();
        if (!shown && seen.shown !== undefined) seen.hidden ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, 'Thank you for subscribing!');
    release();

    const thanks = newsletter(page).getByText('Thank you for subscribing!');
    await expect(thanks).toBeVisible();
    await expect(newsletter(page).getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    await expect(thanks).toBeHidden({ timeout: 6_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { thanksSeen: { shown: number; hidden: number } }).thanksSeen,
    );
    const shownFor = seen.hidden - seen.shown;
    expect(shownFor).toBeGreaterThanOrEqual(2_900);
    expect(shownFor).toBeLessThan(4_000);
    await expect(newsletter(page).getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  test('a failed subscription says so', async ({ page }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await newsletter(page).getByRole('textbox', { name: 'Email address' }).fill('ada@example.com');
    await newsletter(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(
      newsletter(page).getByText('Subscription failed. Please try again.'),
    ).toBeVisible();
  });
});
