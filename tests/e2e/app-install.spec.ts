/**
 * The installable app: Chromium's own installability check on the served app, the service
 * worker's offline page (and that it never keeps an API answer), and the Install button of
 * /install when the browser offers to install.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { offerToInstall, promptsShown } from './support/install-offer.ts';
import { expect, test } from './tasks/support.ts';

/** Waits until the service worker registered after load controls the page. */
async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .not.toBeNull();
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every cache of the origin and the addresses it holds. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      all[name] = requests.map((r) => new URL(r.url).pathname).sort();
    }
    return all;
  });

/** Width × height of a PNG, read from its header. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the served app is installable: no installability errors, a manifest with real icons', async ({
  baseURL,
}) => {
  // Chromium never offers to install from a private window, which every test context is: this
  // one has a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'taskbid-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    await installable(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);

  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
    .toEqual([]);

  const response = await page.request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const data = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(data).toMatchObject({
    name: 'TaskBid',
    short_name: 'TaskBid',
    display: 'standalone',
    start_url: '/',
    scope: '/',
  });
  expect(data.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of data.icons) {
    const file = await page.request.get(icon.src);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  const themeColors = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) =>
      metas.map((m) => `${m.getAttribute('media')} ${m.getAttribute('content')}`),
    );
  expect(themeColors).toEqual([
    '(prefers-color-scheme: light) #0f766e',
    '(prefers-color-scheme: dark) #0f1a1b',
  ]);
  expect(problems).toEqual([]);
}

test('offline, a page shows the offline notice with Try again; no API answer is ever cached', async ({
  page,
  context,
  accounts,
}) => {
  await accounts.signInPage('offline');
  await page.goto('/profile/alerts');
  await expect(page.getByRole('heading', { level: 2, name: 'Task alerts' })).toBeVisible();
  await controlledBy(page);
  // Signed-in answers pass through the controlled page: the session, the person's searches.
  await page.goto('/my-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'My Posted Tasks' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/browse-tasks?search=offline');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByText("TaskBid can't reach the internet right now.")).toBeVisible();
  await expect(page).toHaveURL(/\/browse-tasks\?search=offline$/);
  // Try again loads the address again: still offline, the notice again.
  await page.evaluate(() => ((window as { before?: boolean }).before = true));
  await page.getByRole('button', { name: 'Try again' }).click();
  // While the page loads again, its old context is gone: count that as not yet loaded.
  await expect
    .poll(() =>
      page.evaluate(() => (window as { before?: boolean }).before ?? false).catch(() => true),
    )
    .toBe(false);
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();

  const caches = await cached(page);
  expect(Object.keys(caches)).toHaveLength(1);
  const [name] = Object.keys(caches);
  expect(name).toMatch(/^taskbid-offline-[0-9a-f]{8}$/);
  expect(caches[name!]).toEqual(
    ['/favicon.svg', '/offline.css', '/offline.html', '/offline.js', '/theme-init.js'].sort(),
  );
  expect(JSON.stringify(caches)).not.toContain('/api/');

  // Back online, the notice loads the page again by itself (Try again does the same), also
  // when the connection came back before its script ran.
  await context.setOffline(false);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
  ).toBeVisible();
  expect(JSON.stringify(await cached(page))).not.toContain('/api/');
});

test('the Install button shows when the browser offers to install, and asks the browser', async ({
  page,
}) => {
  await page.goto('/install');
  await expect(page.getByRole('heading', { level: 1, name: 'Install TaskBid' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your browser has not offered to install TaskBid here. Follow the steps for your device below.',
  );
  await expect(page.getByRole('button', { name: 'Install TaskBid' })).toHaveCount(0);
  await expect(
    page.getByText('Open TaskBid in Safari, tap Share, then Add to Home Screen.'),
  ).toBeVisible();

  // The offer comes whenever the browser decides, here on the home page, and is kept.
  await page.goto('/');
  await offerToInstall(page);
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Quick Links' })
    .getByRole('link', { name: 'Install the App' })
    .click();
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('status')).toHaveText('Your browser can add TaskBid to this device.');
  await page.getByRole('button', { name: 'Install TaskBid' }).click();
  await expect(page.getByRole('status')).toHaveText('TaskBid is being added to this device.');
  expect(await promptsShown(page)).toBe(1);
  // An offer answers once.
  await expect(page.getByRole('button', { name: 'Install TaskBid' })).toHaveCount(0);
});
