/**
 * Screenshots of the installable app: /install (the steps, and the Install button while the
 * browser offers to install) and the offline page the service worker shows for a page opened
 * without a connection, at 375 and 1280 px, light and dark. Starts its own stack:
 *   node tests/e2e/support/install-screenshots.ts [out-dir, default screenshots/install]
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../setup/chromium.ts';
import { offerToInstall } from './install-offer.ts';
import { startStack } from './stack.ts';

const OUT = resolve(process.argv[2] ?? 'screenshots/install');
mkdirSync(OUT, { recursive: true });
const stack = await startStack();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      baseURL: stack.baseURL,
      viewport: { width, height: width < 640 ? 812 : 900 },
      reducedMotion: 'reduce',
    });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
    const shot = (p: Page, name: string, fullPage = true) =>
      p.screenshot({ path: join(OUT, `${name}-${width}-${theme}.png`), fullPage });

    await page.goto('/install');
    await page.getByRole('heading', { level: 1, name: 'Install TaskBid' }).waitFor();
    await shot(page, 'install');
    await offerToInstall(page);
    await page.getByRole('button', { name: 'Install TaskBid' }).waitFor();
    await shot(page, 'install-offered', false);

    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/browse-tasks');
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    await shot(page, 'offline');
    await context.close();
  }
}
await browser.close();
await stack.stop();
process.stdout.write(`Screenshots in ${OUT}\n`);
