import type { PushDevice, PushKey, PushSubscriptionInput } from '../../../../shared/push/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's VAPID public key (404 when push is off on the server). */
export function fetchPushKey(): Promise<PushKey> {
  return apiRequest<PushKey>('/push/key');
}

/** Keeps this browser's subscription for the signed-in person. */
export function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushDevice> {
  return apiRequest<PushDevice>('/push/subscriptions', { method: 'POST', body: subscription });
}

/** Forgets this browser's subscription. */
export function deletePushSubscription(endpoint: string): Promise<void> {
  return apiRequest<void>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}
