/*
 * The words of Stripe's card form on the pay screen: apart from words.ts, which the task page
 * loads, so they cost that page nothing.
 */
export const STRIPE_FORM_WORDS = {
  loading: 'Loading the secure card form…',
  failed:
    'The secure card form could not be loaded. Check your connection (or an ad blocker) and reload the page.',
  sent: 'Payment sent. It is secured as soon as the card’s bank confirms it; this page shows it then.',
} as const;
