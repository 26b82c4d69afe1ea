import type {
  AlertUnsubscribe,
  CreateSavedSearchInput,
  SavedSearch,
  UpdateSavedSearchInput,
} from '../../../../shared/alerts/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in person's saved searches, oldest first. */
export function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return apiRequest<SavedSearch[]>('/saved-searches', { signal });
}

export function createSavedSearch(input: CreateSavedSearchInput): Promise<SavedSearch> {
  return apiRequest<SavedSearch>('/saved-searches', { method: 'POST', body: input });
}

export function updateSavedSearch(id: string, input: UpdateSavedSearchInput): Promise<SavedSearch> {
  return apiRequest<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function deleteSavedSearch(id: string): Promise<void> {
  return apiRequest<void>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** What a task alert's unsubscribe link names, without changing anything. */
export function fetchAlertUnsubscribe(token: string, signal?: AbortSignal) {
  return apiRequest<AlertUnsubscribe>('/alerts/unsubscribe', { query: { token }, signal });
}

/** Turns e-mail off for the saved searches the link names (the token is the authority). */
export function alertUnsubscribe(token: string): Promise<AlertUnsubscribe> {
  return apiRequest<AlertUnsubscribe>('/alerts/unsubscribe', { method: 'POST', query: { token } });
}
