import type { Fault } from '../../../../shared/payments/deal-machine.ts';
import type { DealView, Earnings, EarningsLine } from '../../../../shared/payments/schema.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** A deal as one of its two sides reads it, with when its next timer acts. */
export type Deal = DealView;
export type { Earnings, EarningsLine };

/** What paying answers (the server's `payResultSchema`). */
export interface PayResult {
  deal: Deal;
  payment: {
    chargeId: string;
    status: 'succeeded' | 'requires-authentication' | 'processing';
    clientSecret?: string;
  };
}

export type PayeeStatus = 'none' | 'pending' | 'active';

/** A deal's path, or one of its steps'. */
export const deal = (id: string, step = '') =>
  `/deals/${encodeURIComponent(id)}${step ? `/${step}` : ''}`;

export function fetchDeal(id: string, signal?: AbortSignal): Promise<Deal> {
  return apiRequest<Deal>(deal(id), { signal });
}

/** The task's live (or latest) deal for its owner or accepted worker; null when none. */
export async function fetchTaskDeal(taskId: string, signal?: AbortSignal): Promise<Deal | null> {
  try {
    return await apiRequest<Deal>(`/tasks/${encodeURIComponent(taskId)}/deal`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Pays with a card: a sandbox test number, or a Stripe payment method id. */
export function payDeal(id: string, card: string): Promise<PayResult> {
  return apiRequest<PayResult>(deal(id, 'pay'), { method: 'POST', body: { card } });
}

export function authenticateCharge(id: string, chargeId: string): Promise<Deal> {
  return apiRequest<Deal>(deal(id, `charges/${encodeURIComponent(chargeId)}/authenticate`), {
    method: 'POST',
  });
}

/** The steps a side takes on its deal, by their route's name. */
export type DealStep =
  | 'withdraw'
  | 'request-payment'
  | 'release'
  | 'ask-changes'
  | 'request-cancellation'
  | 'agree-cancellation'
  | 'decline-cancellation'
  | 'ask-price-increase'
  | 'decline-price-increase';

/** The steps that charge the poster's card (the difference of a raised price). */
export type DealChargeStep = 'approve-price-increase' | 'raise-price';

/** A step's body: a reason, whose fault, a new price (cents), a card; each only when given. */
export interface DealStepBody {
  reason?: string;
  fault?: Fault;
  price?: number;
  card?: string;
}

export function takeDealStep(id: string, step: DealStep, body?: DealStepBody): Promise<Deal> {
  return apiRequest<Deal>(deal(id, step), { method: 'POST', body });
}

export function fetchPayee(signal?: AbortSignal): Promise<{ status: PayeeStatus }> {
  return apiRequest<{ status: PayeeStatus }>('/payments/payee', { signal });
}

export function setUpPayouts(): Promise<{ status: PayeeStatus; onboardingUrl?: string }> {
  return apiRequest('/payments/payee', { method: 'POST' });
}

export function fetchEarnings(cursor?: string, signal?: AbortSignal): Promise<Earnings> {
  return apiRequest<Earnings>('/payments/earnings', { query: { cursor }, signal });
}

/** The address of the earnings download (the server answers it with the CSV file). */
export const EARNINGS_CSV_URL = '/api/payments/earnings.csv';
