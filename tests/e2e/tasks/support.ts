/**
 * Helpers of the task-screen browser tests: data made through the real API. Accounts come
 * from the `accounts` fixture (support/test.ts), which deletes them after each test.
 */
import { sendWhileShedding } from '../../setup/load-shedding.ts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { CreateTaskInput } from '../../../src/shared/tasks/schema.ts';
import { buildTask } from '../../factories/tasks.ts';
import { expect, test as base } from '../support/test.ts';

export { expect };
export type { Accounts, ApiUser } from '../support/test.ts';

/** A short unique word, to find the data of one test among everyone else's. */
export function uniqueToken(prefix = 'tok'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** A valid task body (no image, so no network request for one); override any field. */
export function taskBody(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  return buildTask({ imageUrl: '', ...overrides });
}

/** Posts a task as the signed-in user of `api`; returns its id. */
export async function createTask(
  api: APIRequestContext,
  baseURL: string,
  overrides: Partial<CreateTaskInput> = {},
): Promise<string> {
  const response = await sendWhileShedding(() =>
    api.post('/api/tasks', { data: taskBody(overrides), headers: { origin: baseURL } }),
  );
  // 201 a new offer, 200 the same person's offer changed (one offer per person per task).
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Places a bid as the signed-in user of `api`. */
export async function placeBid(
  api: APIRequestContext,
  baseURL: string,
  taskId: string,
  amount: number,
  message?: string,
): Promise<string> {
  const response = await sendWhileShedding(() =>
    api.post('/api/bids', {
      data: { taskId, amount, deadline: '2030-05-01', ...(message ? { message } : {}) },
      headers: { origin: baseURL },
    }),
  );
  // 201 a new offer, 200 the same person's offer changed (one offer per person per task).
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Records the page's requests that match, to prove one was (not) sent. */
export function watchRequests(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname === path) seen.push(req);
  });
  return seen;
}

/**
 * The tests' `test`: fails a test when the page logs an unexpected console error or throws,
 * or when a JavaScript dialog (alert, confirm) opens.
 */
export const test = base.extend<{ pageGuard: { allow: (pattern: RegExp) => void } }>({
  pageGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [/Failed to load resource/];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed.some((re) => re.test(message.text()))) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('dialog', (dialog) => {
        problems.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'the page reported problems').toEqual([]);
    },
    { auto: true },
  ],
});
