/**
 * The one way the browser talks to the server. Every feature's `api` functions call
 * `apiRequest`; components never call `fetch` themselves. A non-2xx answer becomes a thrown
 * `ApiError` carrying the server's `{ message, code?, issues? }`; a network failure becomes an
 * `ApiError` with status 0.
 */

export interface ApiIssue {
  path?: string | (string | number)[];
  message: string;
}

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string;
  issues?: ApiIssue[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[] | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'We could not reach TaskBid. Check your connection and try again.';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** `/api` + path + query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? record.message
      : `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
  return new ApiError({
    status: response.status,
    message,
    code: typeof record.code === 'string' ? record.code : undefined,
    issues: Array.isArray(record.issues) ? (record.issues as ApiIssue[]) : undefined,
  });
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
  }
  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) throw errorFromResponse(response, data);
  return data as T;
}

/** A sentence for any failure: the server's message, or a generic one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.') {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
