import { z } from 'zod';

/** base64url as browsers write a subscription's keys (padding tolerated). */
const base64url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), `must be ${bytes} bytes in base64url`);
};

/** The push service's address of one browser (https in production: the route checks). */
const endpoint = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
  .max(2048, 'must be 2048 characters at most');

/** `PushSubscription.toJSON()` as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's uncompressed P-256 public key. */
    p256dh: base64url(65),
    /** Its 16-byte auth secret. */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** Turning alerts off on one browser. */
export const pushEndpointSchema = z.object({ endpoint });

/** What the browser subscribes with. */
export const pushKeySchema = z.object({
  /** The server's VAPID public key, base64url: `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

/** One of the person's browsers that gets alerts (its keys are never sent back). */
export const pushDeviceSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
