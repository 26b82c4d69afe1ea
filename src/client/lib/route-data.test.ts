/** The helpers every route module shares: action results, paging, pending state. */
import { describe, expect, it } from 'vitest';
import type { ActionFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { attempt, intentAction, isFailure, shouldRevalidate } from './action-result.ts';
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

describe('intentAction', () => {
  /** The action's args for a post of `fields` to a route with `params`. */
  const post = (fields: Record<string, string>, params = {}) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request('http://x/view-bids/t1', { method: 'POST', body });
    return { request, params } as unknown as ActionFunctionArgs;
  };
  const action = intentAction({
    accept: async ({ text, args }) => ({ accepted: text('bidId'), task: args.params.id }),
    refuse: () => Promise.reject(new ApiError(409, { message: 'Bidding is closed' })),
  });
  const unknown = (intent: string) => ({
    data: `Unknown intent "${intent}".`,
    init: { status: 400 },
  });

  it('runs the handler the intent names, with the form fields and the route params', async () => {
    await expect(action(post({ intent: 'accept', bidId: 'b1' }, { id: 't1' }))).resolves.toEqual({
      accepted: 'b1',
      task: 't1',
    });
  });

  it('answers an intent it has no handler for, or none, with a 400', async () => {
    await expect(action(post({ intent: 'delete' }))).rejects.toMatchObject(unknown('delete'));
    await expect(action(post({}))).rejects.toMatchObject(unknown(''));
  });

  it('does not take inherited keys for handlers', async () => {
    for (const intent of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      await expect(action(post({ intent }))).rejects.toMatchObject(unknown(intent));
    }
  });

  it('turns an ApiError of the handler into { error }', async () => {
    await expect(action(post({ intent: 'refuse' }))).resolves.toEqual({
      error: { message: 'Bidding is closed', code: undefined, issues: undefined },
    });
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
