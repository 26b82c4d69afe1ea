/**
 * Paged lists: like `apiRequest`, but also reads the `X-Total-Count` header the server sends
 * with every paged list. Errors are the same `ApiError`s `apiRequest` throws.
 */
import { ApiError, NETWORK_ERROR_MESSAGE, apiUrl, type ApiIssue } from './api-client.ts';

export interface ApiList<T> {
  items: T[];
  /** Every match on the server (not only this page). */
  total: number;
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiListOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status line is all we have.
  }
  return new ApiError({
    status: response.status,
    message:
      typeof body.message === 'string' && body.message !== ''
        ? body.message
        : `Request failed (${response.status})`,
    code: typeof body.code === 'string' ? body.code : undefined,
    issues: Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : undefined,
  });
}

export async function apiListRequest<T>(
  path: string,
  options: ApiListOptions = {},
): Promise<ApiList<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
  }
  if (!response.ok) throw await errorFrom(response);
  const items = (await response.json()) as T[];
  const header = Number(response.headers.get('x-total-count'));
  return {
    items,
    total: Number.isFinite(header) && header >= items.length ? header : items.length,
  };
}
