/**
 * The one way the browser talks to the server. Every feature's `api` functions call
 * `apiRequest` (one object) or `apiList` (a paged list); components never call `fetch`
 * themselves. A non-2xx answer becomes a thrown `ApiError` carrying the server's
 * `ErrorBody` (`src/shared/errors.ts`); a network failure becomes an `ApiError` with
 * status 0; an abort is rethrown as is.
 */
import type { ErrorBody, ErrorIssue } from '../../shared/errors.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ErrorIssue[] | undefined;
  /** Seconds to wait before asking again (a 429's or 503's `Retry-After`), when it says. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: ErrorBody, retryAfter?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.issues = body.issues;
    this.retryAfter = retryAfter;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'We could not reach TaskBid. Check your connection and try again.';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `Blob` (a picked file) is sent as it is, with its own type. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** One page of a list and the number of all its items on the server (`X-Total-Count`). */
export interface ApiList<T> {
  items: T[];
  total: number;
  /** false: the server stopped counting at `total`; there are more. */
  totalExact: boolean;
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

function isIssue(value: unknown): value is ErrorIssue {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

/** `Retry-After` in whole seconds: a number of seconds, or an HTTP date. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header.trim())
    : Math.ceil((Date.parse(header) - now) / 1000);
  return Number.isFinite(seconds) ? Math.max(seconds, 0) : undefined;
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? record.message
      : `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
  return new ApiError(
    response.status,
    {
      message,
      code: typeof record.code === 'string' ? record.code : undefined,
      issues: Array.isArray(record.issues) ? record.issues.filter(isIssue) : undefined,
    },
    retryAfterSeconds(response.headers.get('retry-after')),
  );
}

/** How requests leave: the browser's `fetch`, or the server's own when it renders a page. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * The server rendering a page answers the loaders' requests itself, without a network hop
 * (entry-server.tsx); the browser never calls this.
 */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** Sends one request; the answer's parsed body and headers, or a thrown `ApiError`. */
async function send(
  path: string,
  options: ApiRequestOptions,
): Promise<{ data: unknown; headers: Headers }> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const raw = body instanceof Blob;
  if (raw) headers['content-type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await transport(apiUrl(path, query), {
      method,
      headers,
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, { message: NETWORK_ERROR_MESSAGE, code: 'NETWORK_ERROR' });
  }
  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) throw errorFromResponse(response, data);
  return { data, headers: response.headers };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await send(path, options)).data as T;
}

/** A paged list (GET): its items and the total the server counted. */
export async function apiList<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<ApiList<T>> {
  const { data, headers } = await send(path, options);
  const items = Array.isArray(data) ? (data as T[]) : [];
  const total = Number(headers.get('x-total-count'));
  return {
    items,
    total: Number.isInteger(total) && total >= items.length ? total : items.length,
    totalExact: headers.get('x-total-count-exact') !== 'false',
  };
}

/** A sentence for any failure: the server's message, or a generic one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.') {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
