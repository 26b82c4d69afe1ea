import type { DealAction, ProviderStep } from './deal-machine.ts';
import type { PriceChangeStep } from './price-change.ts';

/*
 * A deal's steps in words: the timeline and the operators' forms. Apart from words.ts, whose
 * figures and states the task page's bid and accept forms load, so the steps cost that page
 * nothing until a deal panel opens.
 */

/** A step on a deal's timeline, in plain words (the action's own name when not listed). */
export const DEAL_STEP_WORDS: Partial<
  Record<DealAction | PriceChangeStep | ProviderStep | 'create', string>
> = {
  create: 'Bid accepted: waiting for payment',
  pay: 'Paid: the payment is secured',
  'withdraw-offer': 'Offer withdrawn before paying',
  expire: 'Not paid in time',
  'request-payment': 'The worker asked for payment',
  release: 'The poster released the payment',
  'ask-changes': 'The poster asked for changes',
  'owner-requests-cancellation': 'The poster asked to cancel',
  'worker-requests-cancellation': 'The worker asked to cancel',
  'owner-agrees-cancellation': 'The poster agreed to cancel',
  'worker-agrees-cancellation': 'The worker agreed to cancel',
  'owner-declines-cancellation': 'The poster declined to cancel',
  'worker-declines-cancellation': 'The worker declined to cancel',
  'auto-release': 'Released automatically',
  'cancellation-unanswered': 'The cancellation went unanswered',
  payout: 'Paid out to the worker',
  'rule-release': 'An operator released the payment',
  'rule-refund': 'An operator refunded the payment',
  'rule-split': 'An operator split the payment',
  'settle-release': 'An operator paid the worker what the short payment held',
  'settle-refund': 'An operator refunded what the short payment held',
  'settle-split': 'An operator split what the short payment held',
  'ask-price-increase': 'The worker asked for a higher price',
  'approve-price-increase': 'The poster approved the higher price and paid the difference',
  'decline-price-increase': 'The poster declined the higher price',
  'raise-price': 'The poster raised the price and paid the difference',
  'lower-price': 'An operator lowered the price',
  // The card processor's own steps.
  'late-payment-refunded': 'A late payment was returned to the card',
  'refunded-at-provider': 'Refunded by the card processor',
  'chargeback-opened': 'The poster’s bank opened a chargeback',
  'chargeback-won': 'The chargeback was won',
  'chargeback-lost': 'The chargeback was lost: the money went back',
  'transfer-reversed': 'The payout to the worker was reversed',
};

/** The words of one timeline step. */
export function dealStepWords(action: string): string {
  const words = DEAL_STEP_WORDS[action as keyof typeof DEAL_STEP_WORDS];
  if (words) return words;
  return action.endsWith('-by-operator')
    ? `An operator: ${dealStepWords(action.replace(/-by-operator$/, ''))}`
    : action;
}
