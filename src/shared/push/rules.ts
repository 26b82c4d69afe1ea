/*
 * Web push on a person's devices, zod-free so the settings screen reads the same rules the
 * server enforces.
 */

/**
 * Browsers one person may have turned alerts on in; turning it on in one more forgets the one
 * that has gone longest without a delivered message.
 */
export const PUSH_DEVICE_LIMIT = 10;

/** Refusals the API gives. */
export const PUSH_MESSAGES = {
  off: 'Push notifications are turned off on this server',
  notFound: 'This device does not get alerts',
  httpsOnly: 'A push service address starts with https://',
} as const;

/** What a push message carries, and the service worker shows: nothing about the person. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site, opened when the notification is clicked. */
  link: string;
}
