/**
 * Helpers of the task-screen browser tests: accounts and data made through the real API.
 * `page.request` shares the page's cookies, so signing up through it signs the page in.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { CreateTaskInput } from '../../../src/shared/tasks.ts';
import { expect, test as base, uniqueUser, type TestUser } from '../support/test.ts';

export { expect };

/** A short unique word, to find the data of one test among everyone else's. */
export function uniqueToken(prefix = 'tok'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

async function signUp(api: APIRequestContext, baseURL: string, user: TestUser) {
  const response = await api.post('/api/auth/sign-up/email', {
    data: { name: user.name, email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs the page's browser context up as a new user. */
export async function signUpPage(page: Page, baseURL: string, prefix = 'owner'): Promise<TestUser> {
  const user = uniqueUser(prefix);
  await signUp(page.request, baseURL, user);
  return user;
}

export interface ApiUser {
  user: TestUser;
  api: APIRequestContext;
}

/** A separate, signed-in API client (another user than the page's). Dispose it at the end. */
export async function newApiUser(baseURL: string, prefix = 'bidder'): Promise<ApiUser> {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const user = uniqueUser(prefix);
  await signUp(api, baseURL, user);
  return { user, api };
}

/** A valid task body (no image, so no network request for one); override any field. */
export function taskBody(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  const tag = randomUUID().slice(0, 8);
  return {
    title: `Task ${tag}`,
    description: `Something that needs doing (${tag}).`,
    imageUrl: '',
    priority: 'Medium',
    category: 'Design',
    deadline: '2030-06-30',
    estimatedTime: 4.5,
    budget: 250.5,
    status: 'Not Started',
    location: 'Remote',
    ...overrides,
  };
}

/** Posts a task as the signed-in user of `api`; returns its id. */
export async function createTask(
  api: APIRequestContext,
  baseURL: string,
  overrides: Partial<CreateTaskInput> = {},
): Promise<string> {
  const response = await api.post('/api/tasks', {
    data: taskBody(overrides),
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
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
  const response = await api.post('/api/bids', {
    data: { taskId, amount, deadline: '2030-05-01', ...(message ? { message } : {}) },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
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
