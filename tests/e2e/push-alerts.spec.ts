/**
 * Task alerts by web push, in Chromium. Headless Chromium refuses to subscribe to a push
 * service ("Registration failed - permission denied", even with the permission granted, and
 * this machine has no internet to reach Google's), so `PushManager.subscribe` is replaced in
 * the page by one that hands out a subscription of web-push-testing's local push service,
 * made for the key the page asked with. Everything else is real: the page registers the
 * service worker, the button subscribes with it and posts the subscription, the server encrypts an alert to it, the push
 * service decrypts it, and that payload is delivered to the service worker through the
 * DevTools protocol (`ServiceWorker.deliverPushMessage`), which shows the notification.
 */
import type { Page } from '@playwright/test';
import { startPushService, type TestSubscription } from '../setup/push-service.ts';
import { TEST_ALERTS_PATH } from './support/stack.ts';
import { createTask, expect, test, uniqueToken } from './tasks/support.ts';

/** In the page: `PushManager` answering with `fake` (remembered across loads). */
function fakePushManager(fake: Pick<TestSubscription, 'endpoint' | 'keys'>) {
  const STORE = 'e2e-push-key';
  const toBase64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
  const subscription = (key: number[]) => ({
    endpoint: fake.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
    toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
    localStorage.setItem(STORE, JSON.stringify(key));
    (window as unknown as { subscribedWith: string }).subscribedWith = toBase64Url(
      new Uint8Array(key),
    );
    return subscription(key) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const key = localStorage.getItem(STORE);
    return key ? (subscription(JSON.parse(key) as number[]) as unknown as PushSubscription) : null;
  };
}

/** The notifications the page's service worker shows. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      link: n.data?.link as string,
      tag: n.tag,
    }));
  });

const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

test('turns alerts on on this device, shows a task alert pushed to it, and turns them off', async ({
  page,
  context,
  baseURL,
  accounts,
}) => {
  const service = await startPushService();
  try {
    const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as {
      publicKey: string;
    };
    const device = await service.subscribe(publicKey);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.addInitScript(fakePushManager, { endpoint: device.endpoint, keys: device.keys });
    await accounts.signInPage('bidder');

    const word = uniqueToken('kite');
    await page.goto(`/browse-tasks?search=${word}`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Save this search' });
    await dialog.getByRole('checkbox', { name: 'On my devices' }).check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/profile/alerts');
    await expect(page.getByRole('listitem', { name: word })).toContainText('On my devices');
    // Every page registers the service worker after loading (the offline page); the button
    // subscribes with that same worker.
    const turnOn = page.getByRole('button', { name: 'Turn on alerts on this device' });
    await expect(turnOn).toBeVisible();
    await expect.poll(() => registrations(page)).toBe(1);
    await turnOn.click();
    const turnOff = page.getByRole('button', { name: 'Turn off alerts on this device' });
    await expect(turnOff).toBeVisible();
    expect(await registrations(page)).toBe(1);
    expect(await page.evaluate(() => (window as { subscribedWith?: string }).subscribedWith)).toBe(
      publicKey,
    );
    const stored = async () =>
      (
        (await (await page.request.get('/api/account/export')).json()) as {
          pushSubscriptions: { endpoint: string }[];
        }
      ).pushSubscriptions.map((s) => s.endpoint);
    expect(await stored()).toEqual([device.endpoint]);

    // Someone posts a matching task; the alert job runs and pushes to the push service.
    const poster = await accounts.apiUser('poster');
    await createTask(poster.api, baseURL!, { title: `A ${word} to mend` });
    const run = await page.request.post(TEST_ALERTS_PATH);
    expect(run.status()).toBe(200);
    // (Another test's run of the job may have sent it first: what arrived is what counts.)
    await expect.poll(() => service.messages(device.clientHash)).toHaveLength(1);
    const [payload] = await service.messages(device.clientHash);
    const message = {
      title: '1 new task matches your saved search',
      body: 'Open TaskBid to see it.',
      link: `/browse-tasks?search=${word}`,
    };
    expect(JSON.parse(payload ?? '{}')).toEqual(message);

    // That payload, as the browser's push service would hand it to the service worker.
    const cdp = await context.newCDPSession(page);
    const workers: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => workers.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => workers.filter((w) => !w.isDeleted).length).toBeGreaterThan(0);
    const worker = workers.find((w) => !w.isDeleted)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(worker.scopeURL).origin,
      registrationId: worker.registrationId,
      data: payload ?? '',
    });
    // Tagged with its search's link: a newer alert of the same search replaces it.
    await expect.poll(() => shownNotifications(page)).toEqual([{ ...message, tag: message.link }]);

    await turnOff.click();
    await expect(turnOn).toBeVisible();
    expect(await stored()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBeNull();
    // The worker stays for the offline page.
    expect(await registrations(page)).toBe(1);
  } finally {
    await service.stop();
  }
});
