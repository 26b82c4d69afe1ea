import webpush from 'web-push';
import type { PushMessage } from '../../../shared/push/rules.ts';
import type { PushConfig } from '../../platform/config.ts';

/** A push service that has not answered in this long is given up on for this message. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** One browser's subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: `sent` (it took the message), `gone` (404/410: the browser
 * unsubscribed or the subscription expired, never to work again), `failed` (anything else:
 * it may work next time).
 */
export type PushOutcome =
  | { outcome: 'sent' }
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status: number | null; error: string };

/**
 * Sends one message to one browser: web-push signs the request (VAPID) and encrypts the
 * payload to the browser's keys (RFC 8291, aes128gcm); the request itself goes through
 * `fetch`, which speaks http as well as https (a local push service in tests).
 */
export async function sendPush(
  push: PushConfig,
  target: PushTarget,
  message: PushMessage,
  timeoutMs = PUSH_TIMEOUT_MS,
): Promise<PushOutcome> {
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: push,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (err) {
    // Keys a browser would never have made: no message can ever reach it.
    return { outcome: 'failed', status: null, error: errorText(err) };
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: headersOf(request.headers),
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return { outcome: 'sent' };
    if (response.status === 404 || response.status === 410)
      return { outcome: 'gone', status: response.status };
    return { outcome: 'failed', status: response.status, error: response.statusText };
  } catch (err) {
    return { outcome: 'failed', status: null, error: errorText(err) };
  }
}

/** web-push's headers as fetch takes them (fetch sets the length itself). */
function headersOf(headers: webpush.Headers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
