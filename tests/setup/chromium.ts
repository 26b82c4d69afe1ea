/**
 * Debian's Chromium, never a downloaded browser, with the flags that keep it off the network
 * (this machine has none; without them Chromium keeps trying). Every browser we start uses it:
 * Playwright, Lighthouse, the screenshot scripts.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
