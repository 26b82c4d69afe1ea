/**
 * /resources/newsletter: a resource route (an action, no screen) behind the footer's
 * "Subscribe Now", posted through a fetcher with intent `subscribe`.
 */
import { intentAction } from '../lib/action-result.ts';
import { subscribe } from '../features/newsletter/api/newsletter-api.ts';

export const action = intentAction({
  subscribe: ({ text }) => subscribe(text('email').trim()),
});
