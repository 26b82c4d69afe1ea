/**
 * Photo uploads in the browser: a profile photo picked, previewed, saved and shown as the
 * avatar; photos added to a task from its form and shown on its page, then one removed. At
 * 375 and 1280 px.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accountButton } from './support/test.ts';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

/** A JPEG the way a phone makes one: large, with its camera's EXIF. */
function cameraPhoto(colour: string, width = 1800, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' } })
    .toBuffer();
}

/** The natural width of a loaded image (0 while it has not loaded). */
const loadedWidth = (page: Page, selector: ReturnType<Page['locator']>) =>
  expect.poll(() => selector.evaluate((img: HTMLImageElement) => img.naturalWidth));

for (const width of [375, 1280]) {
  test.describe(`photos at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a profile photo: picked, previewed, saved, then the avatar everywhere', async ({
      page,
      accounts,
    }) => {
      await accounts.signInPage('photo');
      await page.goto('/profile');
      const picker = page.getByLabel('Upload a photo');

      // What the browser can tell at once, it says at once.
      await picker.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a photo'),
      });
      await expect(
        page.getByText('notes.txt is not a JPEG, PNG, WebP, GIF or AVIF image.'),
      ).toBeVisible();

      // What only the server can tell (a broken file) comes back in words.
      await picker.setInputFiles({
        name: 'broken.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('these bytes are no picture'),
      });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'That file is not a photo we can read: choose a JPEG, PNG, WebP, GIF or AVIF image.',
      );

      await picker.setInputFiles({
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto('#c05020'),
      });
      await expect(page.getByRole('img', { name: 'Preview of me.jpg' })).toBeVisible();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your profile has been updated.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Preview of me.jpg' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();

      // The header's avatar is the stored square.
      const avatar = accountButton(page).locator('img');
      await expect(avatar).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}$/);
      await loadedWidth(page, avatar).toBe(512);
      await page.reload();
      await expect(accountButton(page).locator('img')).toHaveAttribute(
        'src',
        /^\/api\/photos\/[0-9a-f-]{36}$/,
      );

      // Removed: the first letter again.
      await page.getByRole('button', { name: 'Remove photo' }).click();
      await expect(page.getByText('Your photo will be removed when you save.')).toBeVisible();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your profile has been updated.')).toBeVisible();
      await expect(accountButton(page).locator('img')).toHaveCount(0);
    });

    test('task photos: added from the form, shown on the task page, one removed', async ({
      page,
      baseURL,
      accounts,
    }) => {
      await accounts.signInPage('poster');
      const title = `Photo task ${uniqueToken()}`;
      const taskId = await createTask(page.request, baseURL!, { title });

      await page.goto(`/update-task/${taskId}`);
      await page.getByLabel('Task Photos').setInputFiles([
        { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#2060a0') },
        { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#60a020') },
      ]);
      await expect(page.getByRole('img', { name: 'Preview of front.jpg' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Preview of back.jpg' })).toBeVisible();
      await page.getByRole('button', { name: 'Update Task' }).click();
      await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();

      await page.goto(`/browse-tasks/${taskId}`);
      const photos = page.getByRole('region', { name: 'Photos' });
      await expect(photos.getByRole('img')).toHaveCount(2);
      const first = photos.getByRole('img', { name: `${title}, 1 of 2` });
      await expect(first).toBeVisible();
      // Stored within its bound: 1600 px wide at most.
      await loadedWidth(page, first).toBe(1600);

      await page.goto(`/update-task/${taskId}`);
      await page.getByRole('button', { name: 'Remove photo 1' }).click();
      await expect(page.getByRole('button', { name: 'Keep photo 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.getByRole('button', { name: 'Update Task' }).click();
      await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
      await page.goto(`/browse-tasks/${taskId}`);
      await expect(
        page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: `${title}, 1 of 1` }),
      ).toBeVisible();
    });
  });
}
