/** The console's calls about deals (operators: support reads, moderators act). */
import type { Fault } from '../../../../shared/payments/deal-machine.ts';
import type {
  AdminDeal,
  AdminDealItem,
  DealLedgerLine,
  PaymentCall,
} from '../../../../shared/payments/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Deal } from './deals-api.ts';

export type { AdminDealItem, DealLedgerLine, PaymentCall };

export interface ConsoleDealList {
  items: AdminDealItem[];
  nextCursor: string | null;
}

/** A deal as the console reads it (the server's `adminDealSchema`). */
export type ConsoleDeal = AdminDeal;

export function fetchConsoleDeals(
  query: { state?: string; cursor?: string },
  signal?: AbortSignal,
): Promise<ConsoleDealList> {
  return apiRequest<ConsoleDealList>('/admin/deals', { query, signal });
}

export function fetchConsoleDeal(id: string, signal?: AbortSignal): Promise<ConsoleDeal> {
  return apiRequest<ConsoleDeal>(`/admin/deals/${encodeURIComponent(id)}`, { signal });
}

export type Ruling =
  | { outcome: 'release' | 'refund'; reason: string }
  | { outcome: 'split'; reason: string; workerShare: number };

/** A ruling on a dispute (`rule`), or the settlement of a short payment (`settle`). */
export function decideDeal(id: string, step: 'rule' | 'settle', ruling: Ruling): Promise<Deal> {
  return apiRequest<Deal>(`/admin/deals/${encodeURIComponent(id)}/${step}`, {
    method: 'POST',
    body: ruling,
  });
}

/** An operator doing a side's step for them (`<action>-by-operator`), with a reason. */
export function actOnDeal(
  id: string,
  body: { action: string; reason: string; fault?: Fault },
): Promise<Deal> {
  return apiRequest<Deal>(`/admin/deals/${encodeURIComponent(id)}/act`, {
    method: 'POST',
    body,
  });
}

/** An operator's price step, with a reason: lower it, or a side's step (ask for more, decline). */
export type OperatorPriceStep =
  | { action: 'lower' | 'ask-increase'; price: number; reason: string }
  | { action: 'decline-increase'; reason: string };

export function changeDealPrice(id: string, body: OperatorPriceStep): Promise<Deal> {
  return apiRequest<Deal>(`/admin/deals/${encodeURIComponent(id)}/price`, {
    method: 'POST',
    body,
  });
}

/** Refunds and transfers the provider has not made: `failed`, or `retrying`. */
export function fetchPaymentCalls(
  query: { status: string; cursor?: string },
  signal?: AbortSignal,
): Promise<{ items: PaymentCall[]; nextCursor: string | null }> {
  return apiRequest('/admin/payment-calls', { query, signal });
}

/** A moderator putting a failed call back in the provider's queue, with a reason. */
export function retryPaymentCall(id: string, reason: string): Promise<void> {
  return apiRequest<void>(`/admin/payment-calls/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    body: { reason },
  });
}
