/**
 * The console's calls to /api/admin (docs/moderation.md). Every one needs an operator's
 * session: a member gets 404, an operator below the route's role 403.
 */
import type {
  Appeal,
  AuditEntryView,
  ConsoleTask,
  ModerationSettings,
  OperatorPerson,
  OperatorPersonDetail,
  QueueItem,
  SettingsChange,
  TaskHide,
} from '../../../../shared/operators/schema.ts';
import type { Role, RuleId } from '../../../../shared/operators/rules.ts';
import { apiList, apiRequest, apiUrl, type ApiList } from '../../../lib/api-client.ts';

/** The dashboard's figures (GET /api/admin/dashboard). */
export interface DashboardFigures {
  openItems: number;
  oldestOpenHours: number | null;
  staleItems: number;
  actionsLast24Hours: number;
  upheldShare: number | null;
  medianHoursToDecision: number | null;
  newAccountsLast7Days: number;
  newAccountsSuspended: number;
  newAccountsLimited: number;
}

export interface Paged {
  page: number;
  limit: number;
}

export function fetchDashboard(signal?: AbortSignal): Promise<DashboardFigures> {
  return apiRequest('/admin/dashboard', { signal });
}

export function fetchQueue(paged: Paged, signal?: AbortSignal): Promise<ApiList<QueueItem>> {
  return apiList('/admin/queue', { query: { ...paged }, signal });
}

export function assignItem(id: string): Promise<{ assignedTo: string }> {
  return apiRequest(`/admin/queue/${encodeURIComponent(id)}/assign`, { method: 'POST' });
}

/** Upholding removes the thing (citing `rule`); dismissing shows it again if it was held. */
export function decideItem(
  id: string,
  outcome: 'upheld' | 'dismissed',
  reason: string,
  rule?: RuleId,
): Promise<{ status: string }> {
  return apiRequest(`/admin/queue/${encodeURIComponent(id)}/decide`, {
    method: 'POST',
    body: { outcome, reason, ...(rule ? { rule } : {}) },
  });
}

const task = (id: string) => `/admin/tasks/${encodeURIComponent(id)}`;

export function fetchConsoleTask(id: string, signal?: AbortSignal): Promise<ConsoleTask> {
  return apiRequest(task(id), { signal });
}

/** Takes a task down: gone for all but its owner, who is told the rule and the reason. */
export function hideTask(id: string, fields: TaskHide): Promise<{ moderation: 'removed' }> {
  return apiRequest(`${task(id)}/hide`, { method: 'POST', body: fields });
}

export function restoreTask(id: string, reason: string): Promise<{ moderation: null }> {
  return apiRequest(`${task(id)}/restore`, { method: 'POST', body: { reason } });
}

export function fetchPeople(
  q: string,
  paged: Paged,
  signal?: AbortSignal,
): Promise<ApiList<OperatorPerson>> {
  return apiList('/admin/people', { query: { q: q || undefined, ...paged }, signal });
}

const person = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

export function fetchPerson(id: string, signal?: AbortSignal): Promise<OperatorPersonDetail> {
  return apiRequest(person(id), { signal });
}

export function endSessions(id: string, reason: string): Promise<{ ended: number }> {
  return apiRequest(`${person(id)}/end-sessions`, { method: 'POST', body: { reason } });
}

/** A suspension until `until` (YYYY-MM-DD), or a ban when `until` is null. */
export function suspendPerson(
  id: string,
  fields: { until: string | null; rule: RuleId; reason: string },
): Promise<{ banned: true; until: string | null }> {
  return apiRequest(`${person(id)}/suspend`, { method: 'POST', body: fields });
}

export function warnPerson(
  id: string,
  fields: { rule: RuleId; reason: string },
): Promise<{ statementId: string }> {
  return apiRequest(`${person(id)}/warn`, { method: 'POST', body: fields });
}

/** A read-only limit until `until` (YYYY-MM-DD). */
export function limitPerson(
  id: string,
  fields: { until: string; rule: RuleId; reason: string },
): Promise<{ limitedUntil: string }> {
  return apiRequest(`${person(id)}/limit`, { method: 'POST', body: fields });
}

export function fetchAppeals(paged: Paged, signal?: AbortSignal): Promise<ApiList<Appeal>> {
  return apiList('/admin/appeals', { query: { ...paged }, signal });
}

export function decideAppeal(
  id: string,
  outcome: 'upheld' | 'overturned',
  reason: string,
): Promise<{ appealState: string }> {
  return apiRequest(`/admin/appeals/${encodeURIComponent(id)}/decide`, {
    method: 'POST',
    body: { outcome, reason },
  });
}

export function reinstatePerson(id: string, reason: string): Promise<{ changed: boolean }> {
  return apiRequest(`${person(id)}/reinstate`, { method: 'POST', body: { reason } });
}

export function changeRole(
  id: string,
  role: Role,
  reason: string,
): Promise<{ role: Role; changed: boolean }> {
  return apiRequest(`${person(id)}/role`, { method: 'PUT', body: { role, reason } });
}

/** The audit log's filters, as the URL of its screen carries them. */
export const AUDIT_FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

export function fetchAuditLog(
  filters: AuditFilters,
  paged: Paged,
  signal?: AbortSignal,
): Promise<ApiList<AuditEntryView>> {
  return apiList('/admin/audit-log', { query: { ...filters, ...paged }, signal });
}

/** The CSV download of the same filters (a link: the browser saves the file). */
export function auditCsvUrl(filters: AuditFilters): string {
  return apiUrl('/admin/audit-log.csv', filters);
}

/** Opens a read-only session of the person in this browser (admins); the answer sets its cookies. */
export function viewAsPerson(id: string, reason: string): Promise<{ until: string }> {
  return apiRequest(`${person(id)}/view-as`, { method: 'POST', body: { reason } });
}

/** The moderation settings (admins): hide threshold, new-account limits, watched words. */
export function fetchSettings(signal?: AbortSignal): Promise<ModerationSettings> {
  return apiRequest('/admin/settings', { signal });
}

/** Saves every setting at once, with the reason the audit log keeps. */
export function saveSettings(change: SettingsChange): Promise<ModerationSettings> {
  return apiRequest('/admin/settings', { method: 'PUT', body: change });
}
