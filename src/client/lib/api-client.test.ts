import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  apiList,
  apiRequest,
  apiUrl,
  retryAfterSeconds,
} from './api-client.ts';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fetchMock = vi.fn(() => Promise.resolve(new Response(text, { status, headers })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUrl', () => {
  it('leaves out null and undefined query values', () => {
    expect(apiUrl('/tasks', { page: 2, q: undefined, email: null, open: true })).toBe(
      '/api/tasks?page=2&open=true',
    );
  });
});

describe('apiRequest', () => {
  it('sends JSON and returns the parsed body', async () => {
    const fetchMock = answer(201, { insertedId: 'abc' });
    await expect(apiRequest('/tasks', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      insertedId: 'abc',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tasks');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('turns the error body into an ApiError with message, code and issues', async () => {
    answer(400, {
      message: 'Invalid body: body.amount too small',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.amount', message: 'too small' }, { bogus: true }],
    });
    const error = await thrown(apiRequest('/bids', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid body: body.amount too small');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: 'body.amount', message: 'too small' }]);
  });

  it('names the status when the error body is not JSON', async () => {
    answer(502, '<html>Bad gateway</html>');
    const error = await thrown(apiRequest('/tasks'));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^Request failed \(502/);
    expect(error.code).toBeUndefined();
  });

  it("carries a 429's Retry-After in seconds, given as seconds or as a date", async () => {
    answer(429, { message: 'Too many requests.' }, { 'retry-after': '42' });
    expect((await thrown(apiRequest('/tasks'))).retryAfter).toBe(42);
    answer(429, { message: 'Too many requests.' });
    expect((await thrown(apiRequest('/tasks'))).retryAfter).toBeUndefined();
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterSeconds('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('reports a network failure as status 0 and rethrows an abort', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await thrown(apiRequest('/tasks'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);

    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('stop', 'AbortError')));
    await expect(apiRequest('/tasks')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiList', () => {
  it('returns the items and the total from X-Total-Count', async () => {
    answer(200, [{ id: 1 }, { id: 2 }], { 'x-total-count': '57' });
    await expect(apiList('/tasks', { query: { page: 1, limit: 2 } })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 57,
      totalExact: true,
    });
  });

  it('says when the server stopped counting (X-Total-Count-Exact: false)', async () => {
    answer(200, [{ id: 1 }], { 'x-total-count': '1000', 'x-total-count-exact': 'false' });
    await expect(apiList('/tasks')).resolves.toMatchObject({ total: 1000, totalExact: false });
  });

  it('counts the items when the header is missing or smaller', async () => {
    answer(200, [{ id: 1 }]);
    await expect(apiList('/tasks')).resolves.toEqual({
      items: [{ id: 1 }],
      total: 1,
      totalExact: true,
    });
    answer(200, [{ id: 1 }, { id: 2 }], { 'x-total-count': '1' });
    expect((await apiList('/tasks')).total).toBe(2);
  });

  it('throws the same ApiError for a failed list', async () => {
    answer(401, { message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    const error = await thrown(apiList('/bids/mine'));
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHORIZED');
  });
});
