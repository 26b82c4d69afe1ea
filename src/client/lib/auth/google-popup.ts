/**
 * Google sign-in in a 500×600 popup. The popup ends on /oauth-complete.html, which posts
 * `{ type: 'taskbid:oauth', error }` to its opener (and, should the opener link have been
 * cut, on a BroadcastChannel of the same name) and closes itself.
 */
import { GOOGLE_POPUP } from '../../../shared/constants.ts';

export const OAUTH_MESSAGE_TYPE = 'taskbid:oauth';
const CLOSED_POLL_MS = 400;
const CLOSED_GRACE_MS = 600;

/** A failure of the sign-in flow itself, with a code `authErrorMessage` understands. */
export class AuthFlowError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'AuthFlowError';
    this.code = code;
  }
}

interface OAuthMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  error?: string | null;
}

function isOAuthMessage(data: unknown): data is OAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE
  );
}

/** Opens the popup centred over the current window; null when the browser blocked it. */
export function openCenteredPopup(url: string): Window | null {
  const { width, height } = GOOGLE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const features = `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
  return window.open(url, 'taskbid-google-sign-in', features);
}

/**
 * Resolves when the popup reports success; rejects with the reported error code, or with
 * `popup-closed` when the window closes without reporting.
 */
export function waitForPopupResult(popup: Window): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let closedAt: number | null = null;
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_MESSAGE_TYPE) : null;

    const finish = (error: string | null | undefined) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      channel?.close();
      window.clearInterval(timer);
      if (error) reject(new AuthFlowError(error));
      else resolve();
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthMessage(event.data)) return;
      finish(event.data.error);
    };
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isOAuthMessage(event.data)) finish(event.data.error);
      };
    }
    window.addEventListener('message', onMessage);

    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      // The message is posted just before the window closes; give it a moment to arrive.
      closedAt ??= Date.now();
      if (Date.now() - closedAt >= CLOSED_GRACE_MS) finish('popup-closed');
    }, CLOSED_POLL_MS);
  });
}

/**
 * After a popup "closed" without a word (which is also how a popup looks once a strict
 * cross-origin-opener policy has cut it off), sign-in may still finish in it: listen on the
 * channel for a while and call `onSignedIn` if it does. Returns a function that stops.
 */
export function listenForLateCompletion(onSignedIn: () => void, timeoutMs = 10 * 60_000) {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(OAUTH_MESSAGE_TYPE);
  const stop = () => {
    window.clearTimeout(timer);
    channel.close();
  };
  const timer = window.setTimeout(stop, timeoutMs);
  channel.onmessage = (event: MessageEvent) => {
    if (!isOAuthMessage(event.data)) return;
    stop();
    if (!event.data.error) onSignedIn();
  };
  return stop;
}
