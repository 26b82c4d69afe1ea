/**
 * /resources/newsletter: a resource route (an action, no screen) behind the footer's
 * "Subscribe Now", posted through a fetcher with intent `subscribe`.
 */
import type { ActionFunctionArgs } from 'react-router';
import { intentOf, unknownIntent } from '../lib/action-result.ts';
import { subscribe } from '../features/newsletter/api/newsletter-api.ts';

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = intentOf(form);
  if (intent !== 'subscribe') unknownIntent(intent);
  return subscribe(String(form.get('email') ?? '').trim());
}
