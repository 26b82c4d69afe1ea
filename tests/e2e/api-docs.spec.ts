import { expect, test } from './support/test.ts';

test.describe('API reference', () => {
  test('/api/docs renders the operations under the site CSP, with no CSP error', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/api/docs');
    // The site's own policy: styles from the site, and inline only the stylesheet written into
    // the app's pages, by its hash (never 'unsafe-inline').
    expect(response?.headers()['content-security-policy']).toMatch(
      /style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/,
    );
    // Swagger UI is a 1.7 MB script that draws every operation: on this machine's Chromium,
    // with another worker busy, it has taken more than the usual 7 s.
    await expect(page.locator('.opblock-tag-section').first()).toBeVisible({ timeout: 30_000 });
    await expect(
      page.locator('.opblock-summary-path', { hasText: '/api/tasks' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /TaskBid API/ })).toBeVisible();
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
  });
});
