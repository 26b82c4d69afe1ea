import { expect, test } from './support/test.ts';

test.describe('theme', () => {
  test('defaults to light', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  test('the switch stores the theme and it survives a reload without a flash', async ({ page }) => {
    // Record the theme at the moment <body> is created, i.e. before anything is painted.
    await page.addInitScript(() => {
      const record = () => {
        (window as unknown as { __themeAtBody?: string | null }).__themeAtBody =
          document.documentElement.getAttribute('data-theme');
      };
      if (document.body) record();
      else {
        const observer = new MutationObserver(() => {
          if (document.body) {
            record();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      }
    });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.reload();
    const themeAtBody = await page.evaluate(
      () => (window as unknown as { __themeAtBody?: string | null }).__themeAtBody,
    );
    expect(themeAtBody).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    // The dark palette is what is actually painted.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the theme script runs synchronously in <head>', async ({ page, request }) => {
    // Written into the page (decision 0537): a plain inline script in <head>, the file's text.
    const html = await (await request.get('/')).text();
    const script = await (await request.get('/theme-init.js')).text();
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain(`<script>${script}</script>`);
    await page.goto('/');
  });
});
