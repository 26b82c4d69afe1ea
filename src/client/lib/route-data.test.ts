/** The helpers every route module shares: action results, paging, pending state. */
import { describe, expect, it } from 'vitest';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { attempt, intentOf, isFailure, shouldRevalidate } from './action-result.ts';
import { ApiError } from './api-client.ts';
import { pageCount, pageFrom } from './paging.ts';
import { isSubmitting } from './pending.ts';

describe('attempt', () => {
  it('passes the work result through', async () => {
    await expect(attempt(() => Promise.resolve({ outcome: 'placed' }))).resolves.toEqual({
      outcome: 'placed',
    });
  });

  it('turns an ApiError into { error } with message, code and issues', async () => {
    const issues = [{ path: 'body.amount', message: 'too small' }];
    const result = await attempt(() =>
      Promise.reject(new ApiError(400, { message: 'Bad', code: 'VALIDATION_FAILED', issues })),
    );
    expect(isFailure(result)).toBe(true);
    expect(result).toEqual({ error: { message: 'Bad', code: 'VALIDATION_FAILED', issues } });
  });

  it('lets anything else through to the error boundary', async () => {
    await expect(attempt(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});

describe('intentOf', () => {
  it('reads the intent field, empty when missing', () => {
    const form = new FormData();
    expect(intentOf(form)).toBe('');
    form.set('intent', 'accept');
    expect(intentOf(form)).toBe('accept');
  });
});

describe('shouldRevalidate', () => {
  const args = (actionResult: unknown) =>
    ({ actionResult, defaultShouldRevalidate: true }) as unknown as ShouldRevalidateFunctionArgs;

  it('keeps the page after a failed action and reloads after anything else', () => {
    expect(shouldRevalidate(args({ error: { message: 'No' } }))).toBe(false);
    expect(shouldRevalidate(args({ outcome: 'updated' }))).toBe(true);
    expect(shouldRevalidate(args(undefined))).toBe(true);
  });
});

describe('pageFrom', () => {
  it('reads a whole page number from 1, anything else is page 1', () => {
    expect(pageFrom('http://x/my-tasks?page=3')).toBe(3);
    for (const bad of ['', '?page=0', '?page=-2', '?page=1.5', '?page=abc']) {
      expect(pageFrom(`http://x/my-tasks${bad}`)).toBe(1);
    }
  });

  it('counts the pages a total fills', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('isSubmitting', () => {
  it('is true while a post runs or its reload does, never for loads or GET forms', () => {
    expect(isSubmitting({ state: 'submitting', formMethod: 'POST' })).toBe(true);
    expect(isSubmitting({ state: 'loading', formMethod: 'POST' })).toBe(true);
    expect(isSubmitting({ state: 'idle', formMethod: undefined })).toBe(false);
    expect(isSubmitting({ state: 'loading', formMethod: undefined })).toBe(false);
    expect(isSubmitting({ state: 'submitting', formMethod: 'GET' })).toBe(false);
  });
});
