import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

test.describe('public pages: the head the server writes and the noscript gist', () => {
  test('with JavaScript, the tab title follows the browse query and the noscript gist never shows', async ({
    page,
  }) => {
    await page.goto('/browse-tasks?search=logo&category=Design');
    await expect(page.getByRole('searchbox').first()).toBeVisible();
    await expect(page).toHaveTitle('“logo” in Design · Browse Tasks · TaskBid');
    // One heading: the screen's, not the one written for readers without JavaScript.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
    ).toHaveCount(1);
    await expect(page.locator('noscript')).toHaveCount(1);
    await expect(page.locator('noscript')).toBeHidden();

    // Another screen of the app names itself from the same table.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveTitle('TaskBid · Get tasks done by skilled professionals');
  });

  test('without JavaScript, browse shows its heading and the first tasks, linked', async ({
    browser,
    baseURL,
    page: signedIn,
    accounts,
  }) => {
    await accounts.signInPage('owner');
    const title = `Poster ${uniqueToken('noscript')}`;
    const taskId = await createTask(signedIn.request, baseURL!, {
      title,
      category: 'Design',
      budget: 321,
    });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/browse-tasks?category=Design');
    await expect(page).toHaveTitle('in Design · Browse Tasks · TaskBid');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
    ).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item).toHaveText(`${title} · $321.00 · Design`);
    await expect(item.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/browse-tasks/${taskId}`,
    );

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Get your tasks done by skilled professionals',
    );
    await context.close();
  });
});
