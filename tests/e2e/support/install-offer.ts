import type { Page } from '@playwright/test';
import { appStarted } from './page-load.ts';

/**
 * Makes the page's browser offer to install the app, as Chromium does when it judges it
 * installable: a `beforeinstallprompt` event whose `prompt()` counts its calls in
 * `window.prompted` and whose answer is `outcome`.
 */
export async function offerToInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  // The app keeps the offers that come once it has started: on a server-written screen that
  // is after the first paint, and the browser judges a site installable later still.
  await appStarted(page);
  await page.evaluate((answer) => {
    const offer = new Event('beforeinstallprompt') as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const counted = window as { prompted?: number };
    offer.prompt = async () => {
      counted.prompted = (counted.prompted ?? 0) + 1;
    };
    offer.userChoice = Promise.resolve({ outcome: answer });
    window.dispatchEvent(offer);
  }, outcome);
}

/** How many times the page asked the browser to install. */
export const promptsShown = (page: Page) =>
  page.evaluate(() => (window as { prompted?: number }).prompted ?? 0);
