/** The console's calls about deals (operators: support reads, moderators act). */
import type { DealState, Fault } from '../../../../shared/payments/deal-machine.ts';
import type { Money } from '../../../../shared/payments/money.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Deal } from './deals-api.ts';

/** One deal of the console's list. */
export interface ConsoleDealItem {
  id: string;
  taskId: string;
  taskTitle?: string | null;
  state: DealState;
  posterPays: number;
  currency?: string;
  stateSince: string;
  /** A dispute older than the escalation time. */
  escalated: boolean;
}

export interface ConsoleDealList {
  items: ConsoleDealItem[];
  nextCursor?: string | null;
}

/** One posting of the deal's ledger transactions. */
export interface LedgerLine {
  at: string;
  kind: string;
  accountKind: string;
  amount: Money;
}

export type ConsoleDeal = Deal & { ledger?: LedgerLine[] };

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
