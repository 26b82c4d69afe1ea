import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export interface SubscribeResult {
  acknowledged: boolean;
  message?: string;
}

/** What the newsletter action answers: subscribed, or the sentence to show under the field. */
export type NewsletterOutcome = { subscribed: true } | { error: { message: string } };

const FAILED = 'Subscription failed. Please try again.';

/** Stores the e-mail for the newsletter (idempotent: subscribing twice is fine). */
export function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  return apiRequest<SubscribeResult>('/newsletter', { method: 'POST', body: { email } });
}

/** Subscribes `email`; a refusal (400) keeps the server's sentence, anything else says so. */
export async function subscribe(email: string): Promise<NewsletterOutcome> {
  try {
    await subscribeToNewsletter(email);
    return { subscribed: true };
  } catch (error) {
    const message = error instanceof ApiError && error.status === 400 ? error.message : FAILED;
    return { error: { message } };
  }
}
