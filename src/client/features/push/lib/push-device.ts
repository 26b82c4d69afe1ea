import type { PushSubscriptionInput } from '../../../../shared/push/schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { SERVICE_WORKER_URL } from '../../../lib/app-install.ts';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/push-api.ts';

/**
 * Whether this browser shows task alerts by push: it cannot (`unsupported`), the person
 * blocked notifications for the site (`denied`), or alerts are `off` or `on` here.
 */
export type DeviceAlertState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if alerts are on here. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether alerts are on in this browser now (reads only). */
export async function deviceAlertState(): Promise<DeviceAlertState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** A browser's refusal as the settings show it (the one failure shape of the actions). */
function browserFailure(message: string, cause?: unknown): ApiError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  return new ApiError(0, { message: `${message}${detail}`, code: 'PUSH_BROWSER' });
}

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * "Turn on alerts on this device": asks to show notifications, makes sure the service worker
 * is registered (every page registers it after loading, lib/app-install.ts), subscribes this browser to the server's key and gives the subscription to the server.
 */
export async function turnOnDeviceAlerts(): Promise<void> {
  if (!supported()) throw browserFailure('This browser cannot show alerts from TaskBid.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw browserFailure(
      'Notifications are blocked for TaskBid in this browser. Allow them in the site settings, then try again.',
    );
  const key = keyBytes((await fetchPushKey()).publicKey);
  let subscription: PushSubscription;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    // A subscription to an older key of the server can never be used again.
    if (existing && !sameKey(existing.options.applicationServerKey, key))
      await existing.unsubscribe();
    subscription =
      (existing && sameKey(existing.options.applicationServerKey, key) ? existing : null) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      }));
  } catch (error) {
    throw browserFailure('This browser could not subscribe to alerts', error);
  }
  await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
}

/**
 * "Turn off alerts on this device": the server forgets it, then the browser unsubscribes. The
 * service worker stays: it also serves the offline page.
 */
export async function turnOffDeviceAlerts(): Promise<void> {
  if (!supported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch (error) {
    // Already forgotten (a push service said it was gone): nothing to undo on the server.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
