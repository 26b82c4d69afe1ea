/** A person's account notices (statements of reasons) and their appeals. */
import type { Statement } from '../../../../shared/operators/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function fetchStatements(signal?: AbortSignal): Promise<Statement[]> {
  return apiRequest('/statements', { signal });
}

/** Appeals one of my notices, once, within 20 days of it. */
export function appealStatement(id: string, text: string): Promise<Statement> {
  return apiRequest(`/statements/${encodeURIComponent(id)}/appeal`, {
    method: 'POST',
    body: { text },
  });
}
