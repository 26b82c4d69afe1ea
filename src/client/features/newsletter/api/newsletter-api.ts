import { apiRequest } from '../../../lib/api-client.ts';

export interface SubscribeResult {
  acknowledged: boolean;
  message?: string;
}

/** Stores the e-mail for the newsletter (idempotent: subscribing twice is fine). */
export function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  return apiRequest<SubscribeResult>('/newsletter', { method: 'POST', body: { email } });
}
