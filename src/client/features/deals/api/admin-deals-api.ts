/** The console's calls about deals (operators: support reads, moderators act). */
import type { Fault } from '../../../../shared/payments/deal-machine.ts';
import type {
  AdminDeal,
  AdminDealItem,
  DealLedgerLine,
} from '../../../../shared/payments/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Deal } from './deals-api.ts';

export type { AdminDealItem, DealLedgerLine };

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

export function ruleOnDeal(id: string, ruling: Ruling): Promise<Deal> {
  return apiRequest<Deal>(`/admin/deals/${encodeURIComponent(id)}/rule`, {
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

/** An operator lowering a secured deal's price (cents), with a reason. */
export function lowerDealPrice(id: string, body: { price: number; reason: string }): Promise<Deal> {
  return apiRequest<Deal>(`/admin/deals/${encodeURIComponent(id)}/price`, {
    method: 'POST',
    body: { action: 'lower', ...body },
  });
}
