import type { Fault } from '../../../../shared/payments/deal-machine.ts';
import { toCents } from '../../../../shared/payments/words.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  authenticateCharge,
  deal,
  takeDealStep,
  type DealChargeStep,
  type DealStep,
  type DealStepBody,
  type PayResult,
} from './deals-api.ts';

/**
 * A step that charges the poster's card (the sandbox's number or Stripe's payment method),
 * answered as paying is. Here, in the deal panel's chunk: the task page loads deals-api.ts.
 */
export function payDealStep(
  id: string,
  step: DealChargeStep,
  body: DealStepBody,
): Promise<PayResult> {
  return apiRequest<PayResult>(deal(id, step), { method: 'POST', body });
}

/**
 * A deal step asked for in a dialog of the deal panel (the task page's intent `deal`): the
 * form's `dealId`, `step` and its fields (a price in dollars). A charge that asks to
 * authenticate answers its `authenticate` charge id; `step=authenticate` completes it.
 */
export async function submitDealStep(
  text: (name: string) => string,
): Promise<{ outcome: 'deal'; authenticate?: string }> {
  const id = text('dealId');
  const step = text('step');
  if (step === 'authenticate') {
    await authenticateCharge(id, text('chargeId'));
    return { outcome: 'deal' };
  }
  const body: DealStepBody = {};
  const reason = text('reason').trim();
  if (reason) body.reason = reason;
  if (text('fault')) body.fault = text('fault') as Fault;
  if (text('price')) body.price = toCents(Number(text('price')));
  if (text('card')) body.card = text('card');
  if (step === 'approve-price-increase' || step === 'raise-price') {
    const paid = await payDealStep(id, step, body);
    return paid.payment.status === 'requires-authentication'
      ? { outcome: 'deal', authenticate: paid.payment.chargeId }
      : { outcome: 'deal' };
  }
  await takeDealStep(id, step as DealStep, Object.keys(body).length > 0 ? body : undefined);
  return { outcome: 'deal' };
}
